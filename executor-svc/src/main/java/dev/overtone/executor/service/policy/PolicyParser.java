package dev.overtone.executor.service.policy;

import dev.overtone.executor.service.EngineKind;
import dev.overtone.executor.service.RetryAfter;
import dev.overtone.executor.service.SandboxException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.parser.CCJSqlParser;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.parser.ParseException;
import net.sf.jsqlparser.parser.Token;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.Statements;

/**
 * Parses the analysis text with JSqlParser for at most the time the call has left. A statement whose size
 * and nesting the pre-parse bounds keep small ({@link ParseBounds#onCallingThread}) is parsed on the calling
 * thread: its parse is linear and short (measured, see the README), and handing it to another thread cost
 * more than the parse. Any other statement goes to a bounded pool (fixed threads with a large stack, a
 * bounded queue): an expensive statement waits for or occupies one of few threads and then gives up,
 * rather than start a thread of its own. Both ways are timed out the same way, by JSqlParser's own
 * {@code interrupted} flag.
 */
final class PolicyParser {
    private static final long STACK_BYTES = 16L * 1024 * 1024;

    private final ExecutorService threads;
    private final long parseTimeoutMillis;
    private final Duration retryPushback;

    /** {@code retryPushback}: how long a statement refused for a full queue tells its caller to wait before it retries. */
    PolicyParser(int threadCount, int queueLength, long parseTimeoutMillis, Duration retryPushback) {
        AtomicInteger number = new AtomicInteger();
        this.threads = new ThreadPoolExecutor(threadCount, threadCount, 0, TimeUnit.MILLISECONDS,
                new ArrayBlockingQueue<>(Math.max(1, queueLength)), r -> {
                    Thread t = new Thread(null, r, "sandbox-policy-parser-" + number.incrementAndGet(), STACK_BYTES);
                    t.setDaemon(true);
                    return t;
                });
        this.parseTimeoutMillis = parseTimeoutMillis;
        this.retryPushback = retryPushback;
    }

    /** The one statement of {@code sql}, parsed on the pool; {@code deadlineNanos} is when the call's time limit ends (0: none). */
    Statement parse(String sql, EngineKind engine, long deadlineNanos) {
        return parse(sql, engine, deadlineNanos, false);
    }

    /**
     * The one statement of {@code sql}; {@code deadlineNanos} is when the call's time limit ends (0: none).
     * {@code onCallingThread} only for statements within {@link ParseBounds#onCallingThread}.
     */
    Statement parse(String sql, EngineKind engine, long deadlineNanos, boolean onCallingThread) {
        long callLeft = deadlineNanos == 0 ? Long.MAX_VALUE : (deadlineNanos - System.nanoTime()) / 1_000_000;
        boolean callLimited = callLeft < parseTimeoutMillis;
        long budgetEnd = System.nanoTime() + Math.min(parseTimeoutMillis, callLeft) * 1_000_000L;
        Statements statements;
        try {
            // as CCJSqlParserUtil does, a simple parse first and a complex one if it fails, but both
            // within one time budget (its own retry would grant the timeout twice)
            try {
                statements = attempt(sql, engine, false, budgetEnd, callLimited, onCallingThread);
            } catch (JSQLParserException simple) {
                if (causedBy(simple, java.util.concurrent.TimeoutException.class)) {
                    throw simple;
                }
                statements = attempt(sql, engine, true, budgetEnd, callLimited, onCallingThread);
            }
        } catch (JSQLParserException e) {
            if (causedBy(e, java.util.concurrent.TimeoutException.class)) {
                throw timedOut(callLimited);
            }
            if (causedBy(e, StackOverflowError.class)) {
                throw tooDeep();
            }
            throw SandboxException.invalid(unparsable(e, engine));
        } catch (RejectedExecutionException e) {
            // nothing ran and a parser thread frees within a parse's time: the caller's channel may retry after the pushback
            throw new RetryAfter("the sandbox is checking as many statements as it may at once (overtone.executor.policy"
                    + ".parser-threads and parser-queue); retry after " + retryPushback.toMillis() + " ms", retryPushback);
        } catch (StackOverflowError e) {
            throw tooDeep();
        } catch (RuntimeException e) {
            if (e instanceof SandboxException refusal) {
                throw refusal;
            }
            if (causedBy(e, StackOverflowError.class)) {
                throw tooDeep();
            }
            throw SandboxException.invalid("the statement does not parse as " + engine.dialect()
                    + " SQL the sandbox can check; check quotes, parentheses and keywords");
        }
        List<Statement> list = statements == null ? List.of() : statements.stream().filter(s -> s != null).toList();
        if (list.isEmpty()) {
            throw SandboxException.invalid("sql holds no statement; send one SELECT statement");
        }
        if (list.size() > 1) {
            throw SandboxException.denied("single-statement", "exactly one statement may run; found " + list.size()
                    + ": send them one at a time");
        }
        return list.get(0);
    }

    private Statements attempt(String sql, EngineKind engine, boolean complex, long budgetEnd, boolean callLimited,
            boolean onCallingThread) throws JSQLParserException {
        long left = (budgetEnd - System.nanoTime()) / 1_000_000;
        if (left <= 0) {
            throw timedOut(callLimited);
        }
        CCJSqlParser parser = CCJSqlParserUtil.newParser(sql).withTimeOut(left).withAllowComplexParsing(complex)
                .withSquareBracketQuotation(engine == EngineKind.SQLITE);
        return onCallingThread ? ParseWatchdog.parse(parser, budgetEnd) : CCJSqlParserUtil.parseStatements(parser, threads);
    }

    private static final String PARSE_TIMEOUT = "the statement took longer than overtone.executor.policy.parse-timeout"
            + " to check; simplify it";

    private static SandboxException timedOut(boolean callLimited) {
        return callLimited
                ? SandboxException.deadline("the call's time limit ran out while the sandbox checked the statement;"
                        + " give the call more time or simplify the statement")
                : SandboxException.invalid(PARSE_TIMEOUT);
    }

    /** Whether a refusal of {@link #parse} says only that the text does not parse (not that parsing took too long). */
    static boolean unparsable(SandboxException refusal) {
        return refusal.code() == io.grpc.Status.Code.INVALID_ARGUMENT && !refusal.getMessage().equals(PARSE_TIMEOUT);
    }

    static SandboxException tooDeep() {
        return SandboxException.denied("too-complex", "the statement is nested too deeply to check; flatten it"
                + " (fewer nested parentheses, sub-queries or chained operators)");
    }

    private static boolean causedBy(Throwable e, Class<? extends Throwable> type) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (type.isInstance(c)) {
                return true;
            }
        }
        return false;
    }

    /** Where the parser stopped, without its internals (token names, class names): the rule and the fix. */
    private static String unparsable(JSQLParserException e, EngineKind engine) {
        Throwable cause = e;
        while (cause != null && !(cause instanceof ParseException)) {
            cause = cause.getCause();
        }
        String where = "";
        if (cause instanceof ParseException parse && parse.currentToken != null && parse.currentToken.next != null) {
            Token at = parse.currentToken.next;
            where = " near line " + at.beginLine + ", column " + at.beginColumn
                    + (at.image == null || at.image.isEmpty() ? "" : " ('" + abbreviated(at.image) + "')");
        }
        return "the statement does not parse as " + engine.dialect() + " SQL the sandbox can check" + where
                + "; check quotes, parentheses and keywords there";
    }

    private static String abbreviated(String image) {
        String flat = image.replaceAll("\\s+", " ");
        return flat.length() > 40 ? flat.substring(0, 40) + "…" : flat;
    }
}
