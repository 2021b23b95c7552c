// Drives the running suite with @grpc/grpc-js (and raw HTTP/2 frames) and counts how often a call that
// follows a cancelled call fails. Prints one JSON object on stdout; exits 0 when every follow-up call
// succeeded, 1 otherwise. Used by SuiteIT; runnable by hand:
//   node transport-rounds.mjs --proto ../../../../../proto/src/main/proto --interpreter 8090 --clarify 8091 --executor 8094
import grpc from '@grpc/grpc-js';
import protoLoader from '@grpc/proto-loader';
import http2 from 'node:http2';
import path from 'node:path';

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, word, i, all) => {
  if (word.startsWith('--')) pairs.push([word.slice(2), all[i + 1]]);
  return pairs;
}, []));
const protoRoot = path.resolve(args.proto);
const rounds = Number(args.rounds ?? 30);
const cancelAfterMs = Number(args['cancel-ms'] ?? 5);
const callDeadlineMs = Number(args['deadline-ms'] ?? 20000);
const tenant = args.tenant ?? 'demo';
const database = args.database ?? 'hotels';

const definition = protoLoader.loadSync(
  ['overtone/v1/interpreter.proto', 'overtone/v1/clarify.proto', 'overtone/v1/executor.proto'],
  { includeDirs: [protoRoot], keepCase: false, longs: String, enums: String, defaults: true, oneofs: true });
const v1 = grpc.loadPackageDefinition(definition).overtone.v1;
const address = (port) => `localhost:${port}`;
const interpreter = new v1.InterpreterService(address(args.interpreter), grpc.credentials.createInsecure());
const clarify = new v1.ClarifyService(address(args.clarify), grpc.credentials.createInsecure());
const executor = new v1.ExecutorService(address(args.executor), grpc.credentials.createInsecure());

const question = 'return the rating of each hotel';
const seedSql = 'SELECT name, stars FROM hotels';
const otherSql = 'SELECT h.name, AVG(r.score) AS rating FROM hotels h JOIN reviews r ON r.hotel_id = h.id GROUP BY h.id, h.name';
const interpretRequest = { tenant, database, question, defaults: [{ sql: seedSql }] };
const executeRequest = { tenant, database, sql: seedSql };
const startRequest = {
  question,
  candidates: [
    { id: 'c1', sql: seedSql, text: 'the star rating of each hotel', fingerprint: 'f1' },
    { id: 'c2', sql: otherSql, text: 'the average review score of each hotel', fingerprint: 'f2' },
  ],
};

const deadline = (ms) => new Date(Date.now() + ms);

function unary(client, method, request, ms) {
  return new Promise((resolve) => {
    client[method](request, { deadline: deadline(ms) }, (error, response) =>
      resolve(error ? { ok: false, code: grpc.status[error.code], message: error.details } : { ok: true, response }));
  });
}

function stream(request, ms) {
  return new Promise((resolve) => {
    const events = [];
    const call = interpreter.StreamInterpret(request, { deadline: deadline(ms) });
    call.on('data', (event) => events.push(event));
    call.on('error', (error) => resolve({ ok: false, code: grpc.status[error.code], message: error.details }));
    call.on('end', () => resolve({ ok: true, response: events }));
  });
}

/** A unary RPC's two calls: one cancelled early, and a normal one on whose result `count` notes what a whole answer held. */
function unaryRpc(client, method, request, count) {
  return {
    cancelled: () => unary(client, method, request, cancelAfterMs),
    normal: async () => {
      const r = await unary(client, method, request, callDeadlineMs);
      if (r.ok) count(r);
      return r;
    },
  };
}

/** The normal calls of each RPC, and whether their answers are whole. */
const rpcs = {
  Interpret: unaryRpc(interpreter, 'Interpret', interpretRequest, (r) => { r.readings = r.response.interpretations.length; }),
  StreamInterpret: {
    cancelled: () => stream(interpretRequest, cancelAfterMs),
    normal: async () => {
      const r = await stream(interpretRequest, callDeadlineMs);
      if (r.ok) {
        const answer = r.response.find((e) => e.answer)?.answer;
        if (!answer) return { ok: false, code: 'NO_ANSWER', message: 'the stream ended without its answer event' };
        r.readings = answer.interpretations.length;
      }
      return r;
    },
  },
  Answer: {
    cancelled: async () => {
      const started = await unary(clarify, 'Start', startRequest, callDeadlineMs);
      if (!started.ok || !started.response.question) return started;
      return unary(clarify, 'Answer', answerTo(started.response), cancelAfterMs);
    },
    normal: async () => {
      const started = await unary(clarify, 'Start', startRequest, callDeadlineMs);
      if (!started.ok) return started;
      if (!started.response.question) return { ok: false, code: 'NO_QUESTION', message: 'Start resolved without asking' };
      return unary(clarify, 'Answer', answerTo(started.response), callDeadlineMs);
    },
  },
  Execute: unaryRpc(executor, 'Execute', executeRequest, (r) => { r.rows = r.response.rows.length; }),
};

function answerTo(turn) {
  return { sessionId: turn.sessionId, turn: turn.number, reply: { optionId: turn.question.options[0].id } };
}

/** RST_STREAM with NO_ERROR on a raw HTTP/2 connection, then a normal call on the same connection. */
async function rawResetRounds(port, servicePath, serialize, request) {
  const session = http2.connect(`http://localhost:${port}`);
  const results = [];
  try {
    for (let i = 0; i < rounds; i++) {
      await rawCall(session, servicePath, frame(serialize(request)), 'reset');
      results.push(await rawCall(session, servicePath, frame(serialize(request)), 'complete'));
    }
  } finally {
    session.close();
  }
  return results;
}

function frame(bytes) {
  const header = Buffer.alloc(5);
  header.writeUInt8(0, 0);
  header.writeUInt32BE(bytes.length, 1);
  return Buffer.concat([header, bytes]);
}

function rawCall(session, servicePath, body, mode) {
  return new Promise((resolve) => {
    let stream;
    try {
      stream = session.request({
        ':method': 'POST', ':path': servicePath, 'content-type': 'application/grpc', te: 'trailers',
        'grpc-timeout': `${callDeadlineMs}m`,
      });
    } catch (error) {
      resolve({ ok: false, code: 'SESSION', message: error.message });
      return;
    }
    let status = null;
    let message = '';
    stream.on('response', (headers) => {
      if (headers['grpc-status'] !== undefined) status = headers['grpc-status'];
    });
    stream.on('trailers', (trailers) => {
      status = trailers['grpc-status'];
      message = trailers['grpc-message'] ?? '';
    });
    stream.on('data', () => {});
    stream.on('error', (error) => resolve({ ok: false, code: 'STREAM', message: error.message }));
    stream.on('close', () => {
      if (mode === 'reset') resolve({ ok: true });
      else resolve(status === '0' ? { ok: true } : { ok: false, code: `grpc-status ${status}`, message });
    });
    if (mode === 'reset') {
      stream.write(body);
      // The peer sees the request, then RST_STREAM(NO_ERROR) before the end of the stream.
      setTimeout(() => stream.close(http2.constants.NGHTTP2_NO_ERROR), cancelAfterMs);
    } else {
      stream.end(body);
    }
  });
}

async function main() {
  const report = { rounds, cancelAfterMs, rpcs: {} };
  let allGood = true;
  for (const [name, rpc] of Object.entries(rpcs)) {
    const warm = await rpc.normal();
    const failures = [];
    const readings = new Set();
    for (let i = 0; i < rounds; i++) {
      await rpc.cancelled();
      const next = await rpc.normal();
      if (!next.ok) failures.push(`${next.code}: ${next.message}`);
      if (next.readings !== undefined) readings.add(next.readings);
    }
    report.rpcs[name] = {
      warmOk: warm.ok, warmReadings: warm.readings, followUpsOk: rounds - failures.length,
      readingCounts: [...readings], failures: failures.slice(0, 5),
    };
    allGood &&= failures.length === 0;
  }
  const raw = await rawResetRounds(args.executor, '/overtone.v1.ExecutorService/Execute',
    v1.ExecutorService.service.Execute.requestSerialize, executeRequest);
  const rawFailures = raw.filter((r) => !r.ok);
  report.rpcs.ExecuteAfterRstNoError = {
    followUpsOk: raw.length - rawFailures.length, failures: rawFailures.slice(0, 5).map((r) => `${r.code}: ${r.message}`),
  };
  allGood &&= rawFailures.length === 0;
  report.allGood = allGood;
  process.stdout.write(JSON.stringify(report) + '\n');
  interpreter.close();
  clarify.close();
  executor.close();
  process.exit(allGood ? 0 : 1);
}

main().catch((error) => {
  process.stdout.write(JSON.stringify({ allGood: false, error: String(error?.stack ?? error) }) + '\n');
  process.exit(2);
});
