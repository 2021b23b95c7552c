package dev.overtone.interpreter.fake;

import io.grpc.Status;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the fake downstream services do in the current test. Tests set it in @BeforeEach; the fakes
 * (served by the same Quarkus test app) read it.
 */
public final class Scenario {
    public static volatile Status executorFailure;
    public static volatile Status parserFailure;
    public static volatile Status infillFailure;
    public static volatile Status clarifyFailure;
    public static volatile boolean infillCovered;
    public static volatile boolean infillDegraded;
    /** How long the fake executor takes per Execute or ExecuteBatch call; 0 answers at once. */
    public static volatile long executeDelayMs;
    /** Execute and ExecuteBatch calls whose gRPC context the caller cancelled while the fake was working. */
    public static final AtomicInteger executesCancelled = new AtomicInteger();
    /** The statements of every ExecuteBatch call, in order. */
    public static final List<List<String>> executeBatches = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** Execute and ExecuteBatch calls the fake executor has begun while a delay was set. */
    public static final AtomicInteger executesStarted = new AtomicInteger();
    /** How long the fake infill-svc takes per Infill; 0 answers at once. */
    public static volatile long infillDelayMs;
    /** Infill calls the fake has begun while a delay was set. */
    public static final AtomicInteger infillsStarted = new AtomicInteger();
    /** Infill calls whose gRPC context the caller cancelled while the fake was working. */
    public static final AtomicInteger infillsCancelled = new AtomicInteger();
    public static final AtomicInteger describeCalls = new AtomicInteger();
    public static final AtomicInteger infillCalls = new AtomicInteger();
    /**
     * The analyses the fake infill-svc hands on, by SQL, as the real one does with what parser-svc's
     * VariantsBatch gave it: for the given readings and the reading it offers. Empty: it carries none.
     */
    public static final Map<String, dev.overtone.proto.v1.SqlAnalysis> infillAnalyses = new java.util.concurrent.ConcurrentHashMap<>();
    /** The SQLs of the readings whose analyses the last Infill request carried (the interpreter hands back what it holds). */
    public static final List<String> lastInfillRequestAnalysed = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** The call_id of every Infill request, in order. */
    public static final List<String> infillCallIds = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** The last_round flag of every Infill request, in order. */
    public static final List<Boolean> infillLastRounds = new java.util.concurrent.CopyOnWriteArrayList<>();
    public static final List<String> clarifyCandidates = new ArrayList<>();
    /** The analysis each candidate of the last Start carried (guarded by clarifyCandidates). */
    public static final List<dev.overtone.proto.v1.SqlAnalysis> clarifyAnalyses = new ArrayList<>();
    /** What the last Start said of its candidates' completeness. */
    public static volatile boolean clarifyIncomplete;
    /** The SQLs parser-svc's Repair answers with (none: nothing can be repaired). */
    public static final List<String> repairs = new java.util.concurrent.CopyOnWriteArrayList<>();
    public static final AtomicInteger repairCalls = new AtomicInteger();
    /** parser-svc Analyze and AnalyzeBatch calls: the pipeline analyses its readings in one batch. */
    public static final AtomicInteger analyzeCalls = new AtomicInteger();
    public static final AtomicInteger analyzeBatchCalls = new AtomicInteger();
    /** The SQLs the last AnalyzeBatch asked to analyse. */
    public static final List<String> lastAnalyzeBatchSqls = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** parser-svc calls the fake had no recorded answer to (each failed with INTERNAL): a test's @AfterEach wants none. */
    public static final List<String> unrecordedParserCalls = new java.util.concurrent.CopyOnWriteArrayList<>();

    private Scenario() {
    }

    /**
     * For a test's @AfterEach: every parser-svc call of the test was answered from a recording. A call with
     * none fails with INTERNAL, which the interpreter may absorb as a degradation; this makes it a failure.
     */
    public static void assertEveryParserCallRecorded() {
        if (!unrecordedParserCalls.isEmpty()) {
            throw new AssertionError(String.join("\n", unrecordedParserCalls));
        }
    }

    public static void reset() {
        executorFailure = null;
        parserFailure = null;
        infillFailure = null;
        clarifyFailure = null;
        infillCovered = false;
        infillDegraded = false;
        executeDelayMs = 0;
        executesCancelled.set(0);
        executesStarted.set(0);
        executeBatches.clear();
        infillDelayMs = 0;
        infillsStarted.set(0);
        infillsCancelled.set(0);
        describeCalls.set(0);
        clarifyIncomplete = false;
        infillCalls.set(0);
        infillAnalyses.clear();
        lastInfillRequestAnalysed.clear();
        infillCallIds.clear();
        infillLastRounds.clear();
        repairs.clear();
        repairCalls.set(0);
        analyzeCalls.set(0);
        analyzeBatchCalls.set(0);
        lastAnalyzeBatchSqls.clear();
        unrecordedParserCalls.clear();
        synchronized (clarifyCandidates) {
            clarifyCandidates.clear();
            clarifyAnalyses.clear();
        }
    }
}
