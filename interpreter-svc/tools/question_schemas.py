#!/usr/bin/env python3
"""Each dev question with its database's schema as executor-svc's Describe would give it (names, types,
primary keys, up to 5 distinct sample values per column, most frequent first), one JSON line per question,
for UnanswerableFit (interpreter-svc tests). Reads the Ambrosia*-format and AmbiQT-format JSONL files.

    python3 interpreter-svc/tools/question_schemas.py ../shared/data/ambrosia-star/dev.gemma.jsonl \
        ../shared/data/ambiqt-dev/ambiqt_dev.jsonl ../shared/data/ambiqt-dev-jp/ambiqt_dev_jp.jsonl > target/question-schemas.jsonl
"""
import json
import os
import sqlite3
import sys

SAMPLES = 5


def schema(conn):
    tables = []
    names = [r[0] for r in conn.execute(
        "SELECT name FROM sqlite_master WHERE type IN ('table','view') AND name NOT LIKE 'sqlite_%' ORDER BY name")]
    for t in names:
        cols = []
        for cid, name, decl, notnull, dflt, pk in conn.execute(f'PRAGMA table_info("{t}")'):
            try:
                rows = conn.execute(f'SELECT "{name}", COUNT(*) c FROM "{t}" WHERE "{name}" IS NOT NULL '
                                    f'GROUP BY 1 ORDER BY c DESC LIMIT {SAMPLES}').fetchall()
            except sqlite3.Error:
                rows = []
            d = (decl or '').upper()
            kind = 'integer' if 'INT' in d else 'real' if any(k in d for k in ('REAL', 'FLOA', 'DOUB', 'DEC', 'NUM')) else 'text'
            cols.append({'name': name, 'type': kind, 'pk': bool(pk), 'samples': [str(r[0]) for r in rows]})
        tables.append({'name': t, 'columns': cols})
    return tables


def main():
    cache = {}
    for path in sys.argv[1:]:
        base = os.path.dirname(path)
        set_name = os.path.basename(path).split('.')[0]
        for line in open(path):
            e = json.loads(line)
            if 'db_dump' in e:
                key = e['db_file']
                if key not in cache:
                    conn = sqlite3.connect(':memory:')
                    try:
                        conn.executescript(e['db_dump'])
                    except sqlite3.Error as err:
                        print(f'{key}: {err}', file=sys.stderr)
                    cache[key] = schema(conn)
            else:
                key = e['db']
                if key not in cache:
                    conn = sqlite3.connect(f'file:{os.path.join(base, key)}?mode=ro', uri=True)
                    cache[key] = schema(conn)
            print(json.dumps({'set': set_name, 'id': e['id'], 'db': key, 'question': e['question'],
                              'schema': cache[key]}))


if __name__ == '__main__':
    main()
