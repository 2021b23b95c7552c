package dev.overtone.interpreter.fake;

/**
 * The downstream services of one interpreter test, fresh: {@code fakes = Fakes.install()} in its
 * {@code @BeforeEach}, {@code fakes.assertEveryCallRecorded()} in its {@code @AfterEach}. A test that needs a
 * failure says so on its own instance ({@code fakes.infill().failWith(...)}). The test app serves them on its
 * gRPC port through one endpoint per service ({@link ExecutorEndpoint} ...), which hands each call to the
 * installed set: Quarkus tests of one app run one at a time, so the set installed is the running test's.
 */
public record Fakes(FakeExecutor executor, FakeParser parser, FakeInfill infill, FakeClarify clarify) {
    private static volatile Fakes installed = fresh();

    /** A fresh set, served from now on. */
    public static Fakes install() {
        Fakes fresh = fresh();
        installed = fresh;
        return fresh;
    }

    static Fakes installed() {
        return installed;
    }

    private static Fakes fresh() {
        return new Fakes(new FakeExecutor(), new FakeParser(), new FakeInfill(), new FakeClarify());
    }

    /**
     * For a test's @AfterEach: every call a fake answers from recordings had one. A call without one fails with
     * INTERNAL, which the interpreter may absorb as a degradation; this makes it the test's failure.
     */
    public void assertEveryCallRecorded() {
        executor.replay().assertEveryCallRecorded();
        parser.replay().assertEveryCallRecorded();
        infill.assertEveryCallRecorded();
        clarify.replay().assertEveryCallRecorded();
    }
}
