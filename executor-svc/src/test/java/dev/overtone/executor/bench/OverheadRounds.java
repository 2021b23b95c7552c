package dev.overtone.executor.bench;

import static dev.overtone.executor.bench.OverheadReport.*;

import dev.overtone.executor.bench.OverheadMix.Statement;
import dev.overtone.executor.repository.QueryResult;
import dev.overtone.executor.service.SandboxException;
import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.executor.service.policy.AllowedStatement;
import dev.overtone.executor.service.policy.SandboxPolicies;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The rounds of SandboxOverheadBench: each statement checked once each way, then timed the ways alternating. */
final class OverheadRounds {
    /** Runs a statement raw, reading every cell; returns its row count. */
    interface RawRun {
        int rows(Statement statement) throws Exception;
    }

    /** What the engine a sandboxed run uses remembers between calls. */
    enum Memory {
        /** nothing: a statement the executor has not seen */
        NOTHING,
        /** what the engine remembered before this pass (SQLite: nothing; PostgreSQL: shapes, no kept statement) */
        BEFORE,
        /** everything the service's own engine remembers */
        ALL
    }

    /** Runs a statement through the sandbox with the given policy decision, on an engine that remembers so much. */
    interface SandboxedRun {
        QueryResult run(TenantDatabase database, AllowedStatement allowed, Memory memory);
    }

    private final SandboxPolicies policies;

    OverheadRounds(SandboxPolicies policies) {
        this.policies = policies;
    }

    /**
     * Checks each statement once each way (dropping those that fail raw, recording those that fail
     * sandboxed), then times the rest statement by statement: warm-up rounds, then rounds in which the
     * ways alternate, so that a change of machine load hits all of them alike; each way's timed call follows an
     * untimed one of the same way.
     */
    void measure(OverheadMix mix, List<Statement> statements, RawRun raw, SandboxedRun sandboxed,
            int warmUpRounds, int rounds, Map<String, Runnable> roundTrips) throws Exception {
        List<Statement> runnable = new ArrayList<>();
        for (Statement statement : statements) {
            int rawRows;
            try {
                rawRows = raw.rows(statement);
            } catch (Exception e) {
                mix.failedRaw.add(new OverheadMix.Dropped(statement, firstLine(e.getMessage())));
                continue;
            }
            AllowedStatement allowed;
            try {
                allowed = policies.policyFor(statement.database()).check(statement.database(), statement.sql());
            } catch (SandboxException e) {
                mix.refused.add(new OverheadMix.Dropped(statement, e.code() + " " + e.rule() + ": " + e.getMessage()));
                continue;
            }
            QueryResult result;
            try {
                result = sandboxed.run(statement.database(), allowed, Memory.ALL);
            } catch (RuntimeException e) {
                mix.failedSandboxed.add(new OverheadMix.Dropped(statement, firstLine(e.getMessage())));
                continue;
            }
            if (result.truncated()) {
                mix.truncated++;
            } else if (result.rows().size() != rawRows) {
                mix.rowCountDiffers.add(new OverheadMix.Dropped(statement, "raw " + rawRows + " rows, sandboxed "
                        + result.rows().size()));
                continue;
            }
            runnable.add(statement);
        }
        mix.timed = runnable.size();
        for (Statement statement : runnable) {
            TenantDatabase database = statement.database();
            String sql = statement.sql();
            for (int round = 0; round < warmUpRounds; round++) {
                raw.rows(statement);
                sandboxed.run(database, policies.policyFor(database).check(database, sql), Memory.NOTHING);
                sandboxed.run(database, policies.check(database, sql), Memory.BEFORE);
                sandboxed.run(database, policies.check(database, sql), Memory.ALL);
                if (roundTrips != null) {
                    roundTrips.values().forEach(Runnable::run);
                }
            }
            double[] rawTimes = mix.way(RAW).forStatement(rounds);
            double[] firstSeenTimes = mix.way(FIRST_SEEN).forStatement(rounds);
            double[] before = mix.way(REPEATED_BEFORE).forStatement(rounds);
            double[] after = mix.way(REPEATED).forStatement(rounds);
            double[] policyTimes = mix.way(POLICY).forStatement(rounds);
            double[] engineTimes = mix.way(ENGINE).forStatement(rounds);
            Map<String, double[]> roundTripTimes = new LinkedHashMap<>();
            if (roundTrips != null) {
                roundTrips.keySet().forEach(way -> roundTripTimes.put(way, mix.way(way).forStatement(rounds)));
            }
            // each way is timed right after an untimed call of its own, so that it follows itself (a PostgreSQL
            // call's reset, after its answer, lands on the next call) and never another way's leftovers
            for (int round = 0; round < rounds; round++) {
                raw.rows(statement);
                long start = System.nanoTime();
                raw.rows(statement);
                rawTimes[round] = millisSince(start);

                sandboxed.run(database, policies.policyFor(database).check(database, sql), Memory.NOTHING);
                start = System.nanoTime();
                AllowedStatement allowed = policies.policyFor(database).check(database, sql);
                long checked = System.nanoTime();
                sandboxed.run(database, allowed, Memory.NOTHING);
                long ran = System.nanoTime();
                policyTimes[round] = (checked - start) / 1e6;
                engineTimes[round] = (ran - checked) / 1e6;
                firstSeenTimes[round] = (ran - start) / 1e6;

                sandboxed.run(database, policies.check(database, sql), Memory.BEFORE);
                start = System.nanoTime();
                sandboxed.run(database, policies.check(database, sql), Memory.BEFORE);
                before[round] = millisSince(start);

                sandboxed.run(database, policies.check(database, sql), Memory.ALL);
                start = System.nanoTime();
                sandboxed.run(database, policies.check(database, sql), Memory.ALL);
                after[round] = millisSince(start);

                for (Map.Entry<String, double[]> way : roundTripTimes.entrySet()) {
                    start = System.nanoTime();
                    roundTrips.get(way.getKey()).run();
                    way.getValue()[round] = millisSince(start);
                }
            }
        }
    }

    private static double millisSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e6;
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "(no message)";
        }
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
