package dev.overtone.executor.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Typed configuration of executor-svc; every key is documented in the module README. */
@ConfigMapping(prefix = "overtone.executor")
public interface ExecutorConfig {

    /** Directory whose {@code *.properties} files add tenants at runtime (re-scanned on a lookup miss). */
    @WithDefault(".overtone/tenants.d")
    String tenantsDir();

    /** Tenants from application.properties: {@code overtone.executor.tenants.<tenant>.<database>.<key>}. */
    Map<String, Map<String, DatabaseSettings>> tenants();

    Limits limits();

    Bulkhead bulkhead();

    Batch batch();

    PgPool pool();

    Describe describe();

    Policy policy();

    Sqlite sqlite();

    /**
     * Result shapes (column names and types) remembered per (database, text), so that a repeated statement's cell-cutting
     * wrapper is built without describing it first; checked against the engine on every use. 0 remembers none.
     */
    @WithDefault("4096")
    int shapeCacheSize();

    /** Longest statement text (characters) any cache remembers; longer ones are checked, described and prepared anew. */
    @WithDefault("4096")
    int maxRememberedLength();

    interface Limits {
        /** Statement timeout when the call sets none. */
        @WithDefault("10s")
        Duration defaultTimeout();

        /** Hard cap on any statement timeout. */
        @WithDefault("60s")
        Duration maxTimeout();

        @WithDefault("1000")
        int defaultMaxRows();

        @WithDefault("100000")
        int maxRows();

        @WithDefault("4194304")
        long defaultMaxBytes();

        @WithDefault("67108864")
        long maxBytes();

        /** UTF-8 bytes of result text the replica holds for all calls at once (HeldResults); at least max-bytes. */
        @WithDefault("67108864")
        long heldBytes();

        @WithDefault("200")
        int defaultMaxColumns();

        /** UTF-8 bytes of one cell; a longer one is cut by the engine before the executor reads it. */
        @WithDefault("65536")
        int maxCellBytes();

        /** UTF-8 bytes of one row; the text cells of a wider row share it (each is cut). */
        @WithDefault("1048576")
        int maxRowBytes();

        /** PostgreSQL: rows are fetched in batches whose worst-case size (cut cells) stays under this. */
        @WithDefault("2097152")
        int fetchBytes();

        @WithDefault("1000")
        int maxColumns();
    }

    interface Bulkhead {
        /** Statements (Execute and Describe) one tenant may run at once; the next ones wait. */
        @WithDefault("8")
        int maxConcurrent();

        /**
         * Statements one tenant may have waiting for a slot; past it RESOURCE_EXHAUSTED at once. Sized for one replica
         * carrying what two share (a rolling restart): every statement a tenant's concurrent questions put in flight.
         */
        @WithDefault("256")
        int maxQueued();

        /** How long a call refused for a full queue tells its caller to wait before it retries (grpc-retry-pushback-ms). */
        @WithDefault("250ms")
        Duration retryPushback();
    }

    interface Batch {
        /** Statements one ExecuteBatch call may carry; more is INVALID_ARGUMENT. */
        @WithDefault("64")
        int maxStatements();
    }

    interface PgPool {
        /** Connections per PostgreSQL tenant database. */
        @WithDefault("4")
        int maxSize();

        /** Requests waiting for a connection per pool before they are refused. */
        @WithDefault("32")
        int maxWaitQueueSize();

        @WithDefault("3s")
        Duration connectTimeout();

        /** Idle connections are closed after this long. */
        @WithDefault("5m")
        Duration idleTimeout();

        /**
         * statement_timeout every connection starts with: a call whose time left is this (less than
         * ExecutionLimits.ENGINE_STOP_GRACE shorter) opens its transaction without a SET LOCAL of its own. The
         * default is the limit most calls carry: interpreter-svc's budget.execute.
         */
        @WithDefault("5s")
        Duration statementTimeout();

        /** Added to limits.max-timeout for the idle_in_transaction_session_timeout every connection starts with. */
        @WithDefault("5s")
        Duration idleInTransactionSlack();

        /** work_mem of every statement, a start-up setting of each connection: sorts and hashes past it spill to disk. */
        @WithDefault("16MB")
        String workMem();

        /**
         * Statements each connection keeps prepared on the server (the least recently used closed first), so that a
         * repeated statement is neither parsed nor planned again; 0 keeps none and resets with DISCARD ALL.
         */
        @WithDefault("256")
        int preparedPerConnection();
    }

    interface Describe {
        /** Distinct sample values per column (most frequent first). */
        @WithName("sample-values")
        @WithDefault("5")
        int sampleValues();

        /** Rows scanned per column when sampling values. */
        @WithDefault("10000")
        int sampleScanRows();

        @WithDefault("5m")
        Duration cacheTtl();

        @WithDefault("30s")
        Duration timeout();
    }

    interface Policy {
        /**
         * Functions a PostgreSQL statement may call besides those of sandbox/postgresql-functions.txt (which the
         * tenant databases' EXECUTE grants follow: a name added here must be granted there too).
         */
        @WithName("postgresql.allowed-functions")
        Optional<List<String>> postgresqlAllowedFunctions();

        /** Functions a SQLite statement may call besides those of sandbox/sqlite-functions.txt. */
        @WithName("sqlite.allowed-functions")
        Optional<List<String>> sqliteAllowedFunctions();

        /**
         * Functions refused on PostgreSQL even when allowed (a trailing '*' matches a prefix): a second guard
         * should a name be added to the allow-list by mistake. A configuration that leaves the key out keeps these;
         * only an empty value turns the guard off.
         */
        @WithName("postgresql.denied-functions")
        @WithDefault("nextval,setval,currval,lastval,set_config,current_setting,dblink*,lo_*,query_to_*,table_to_xml*,"
                + "schema_to_xml*,database_to_xml*,cursor_to_xml*,ts_stat,ts_rewrite,version,txid_*,inet_*,has_*,acl*,"
                + "makeaclitem,to_reg*,format_type,obj_description,col_description,shobj_description,current_database,"
                + "current_query")
        Optional<List<String>> postgresqlDeniedFunctions();

        /** Functions refused on SQLite even when allowed (a trailing '*' matches a prefix); as PostgreSQL's, kept when unset. */
        @WithName("sqlite.denied-functions")
        @WithDefault("load_extension,readfile,writefile,edit,fts3_tokenizer,fts5_source_id,sqlite_*,pragma_*")
        Optional<List<String>> sqliteDeniedFunctions();

        /** Statements longer than this are refused before parsing. */
        @WithDefault("100000")
        int maxSqlLength();

        /** Largest size (characters, bytes or width) a builder of values (repeat, lpad, zeroblob, printf) may be given. */
        @WithDefault("1000000")
        long maxBuiltLength();

        /** Parentheses may nest at most this deep; deeper statements are refused before parsing. */
        @WithDefault("100")
        int maxNesting();

        /** At most this many operators (AND, OR, +, ||, ...) in one chain; longer ones are refused before parsing. */
        @WithDefault("1000")
        int maxOperatorChain();

        /** At most this many parts (nodes) in a parsed statement's tree. */
        @WithDefault("100000")
        int maxTreeNodes();

        /** JSqlParser gives up after this long, or when the call's time limit ends if that is sooner. */
        @WithDefault("5s")
        Duration parseTimeout();

        /**
         * Statements of at most this many tokens (and nested at most calling-thread-parse.max-nesting deep) are
         * parsed on the calling thread; others on the parser pool. 0 sends every statement to the pool.
         */
        @WithName("calling-thread-parse.max-tokens")
        @WithDefault("400")
        int callingThreadParseMaxTokens();

        /** Parentheses, brackets and CASE nested at most this deep, for a parse on the calling thread. */
        @WithName("calling-thread-parse.max-nesting")
        @WithDefault("6")
        int callingThreadParseMaxNesting();

        /** Threads that parse statements, per engine, shared by all tenants. */
        @WithDefault("2")
        int parserThreads();

        /** Statements that may wait for a parser thread (per engine); more are refused with RESOURCE_EXHAUSTED. */
        @WithDefault("64")
        int parserQueue();

        /** How long a call refused for a full parser queue tells its caller to wait before it retries (grpc-retry-pushback-ms). */
        @WithDefault("250ms")
        Duration parserRetryPushback();

        /** Policy decisions remembered per (database, text); 0 turns the cache off. */
        @WithDefault("4096")
        int decisionCacheSize();
    }

    /** Limits SQLite enforces on every tenant connection; the README says how each default was measured. */
    interface Sqlite {
        /**
         * Largest string or blob SQLite may build or read, and largest row (SQLITE_LIMIT_LENGTH), in bytes. It
         * also bounds the time of one LIKE or GLOB (about max-length × like-pattern-length steps, in one VM step).
         */
        @WithDefault("1048576")
        int maxLength();

        /** Longest LIKE or GLOB pattern (SQLITE_LIMIT_LIKE_PATTERN_LENGTH), in bytes. */
        @WithDefault("100")
        int likePatternLength();

        /** Deepest expression tree (SQLITE_LIMIT_EXPR_DEPTH); a chain of n ORs is n deep. */
        @WithDefault("1000")
        int exprDepth();

        /** Most SELECTs in one compound SELECT (SQLITE_LIMIT_COMPOUND_SELECT). */
        @WithDefault("500")
        int compoundSelect();

        /** Most arguments of one function call (SQLITE_LIMIT_FUNCTION_ARG); sqlite-jdbc's build allows no more than 100. */
        @WithDefault("100")
        int functionArgs();

        /** Longest statement SQLite prepares (SQLITE_LIMIT_SQL_LENGTH), in bytes: the policy's text plus the executor's cell-cutting wrapper. */
        @WithDefault("1000000")
        int sqlLength();

        /** VM steps between two deadline checks. */
        @WithDefault("1000")
        int progressSteps();

        /** Idle connections kept across all SQLite databases (bulkhead.max-concurrent per file at most), LRU; 0: none. */
        @WithDefault("128")
        int maxIdleConnections();

        /**
         * Capped statements kept prepared on each idle connection, the least recently used closed first, so that a
         * repeated statement is neither described nor prepared again; 0 prepares every statement anew.
         */
        @WithDefault("16")
        int preparedPerConnection();
    }
}
