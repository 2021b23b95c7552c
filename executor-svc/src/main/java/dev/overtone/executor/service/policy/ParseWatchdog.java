package dev.overtone.executor.service.policy;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.parser.CCJSqlParser;
import net.sf.jsqlparser.statement.Statements;

/**
 * Runs a parse on the calling thread and stops it at its time budget as JSqlParser's own timeout does, by
 * setting the parser's {@code interrupted} flag (the grammar checks it as it goes). One daemon thread
 * looks at the parses in flight every {@link #TICK_MILLIS} ms: registering a parse is a map insert, where
 * a timer task per parse would wake a timer thread per statement.
 */
final class ParseWatchdog {
    static final long TICK_MILLIS = 10;
    private static final Map<CCJSqlParser, Long> IN_FLIGHT = new ConcurrentHashMap<>();
    private static final ScheduledExecutorService TICKS = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "sandbox-policy-parse-watchdog");
        t.setDaemon(true);
        return t;
    });

    static {
        TICKS.scheduleWithFixedDelay(ParseWatchdog::interruptLate, TICK_MILLIS, TICK_MILLIS, TimeUnit.MILLISECONDS);
    }

    private ParseWatchdog() {
    }

    /** The statements of {@code parser}'s text, parsed here; past {@code budgetEndNanos} a timeout as the pool's. */
    static Statements parse(CCJSqlParser parser, long budgetEndNanos) throws JSQLParserException {
        IN_FLIGHT.put(parser, budgetEndNanos);
        try {
            Statements statements = parser.Statements();
            if (parser.interrupted) {
                throw timeout();
            }
            return statements;
        } catch (Exception e) { // ParseException, TokenMgrException (a RuntimeException), ...
            if (parser.interrupted) {
                throw timeout();
            }
            throw e instanceof JSQLParserException jsql ? jsql : new JSQLParserException(e);
        } finally {
            IN_FLIGHT.remove(parser);
        }
    }

    private static JSQLParserException timeout() {
        return new JSQLParserException("Time out occurred.", new TimeoutException());
    }

    private static void interruptLate() {
        long now = System.nanoTime();
        IN_FLIGHT.forEach((parser, end) -> {
            if (now - end >= 0) {
                parser.interrupted = true;
            }
        });
    }
}
