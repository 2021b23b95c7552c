package dev.overtone.bench.memory;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.overtone.bench.InterpretChoices;
import dev.overtone.bench.ParallelMap;
import dev.overtone.bench.SuiteOptions;
import dev.overtone.bench.client.InterpretRequests;
import dev.overtone.bench.client.Suite;
import dev.overtone.bench.dataset.BenchDatabase;
import dev.overtone.bench.dataset.Example;
import dev.overtone.bench.dataset.ExampleOptions;
import dev.overtone.bench.dataset.PreparedDataset;

/**
 * One memory run: the data set's databases that hold an ambiguous question (the first {@code --limit} of them) and the
 * demo tenant's question, each in tenants of this run ({@link MemoryTenants}); then the recall cost on the demo question.
 */
public record MemoryRun(ExampleOptions dataset, InterpretChoices interpret, Path out, int costPairs, int costWarmup) {

    /**
     * Runs it: the readable summary goes to {@code summary} (stdout); progress, repairs and how the suite was reached to
     * {@code err}.
     */
    public int execute(SuiteOptions suiteOptions, PrintWriter summary, PrintWriter err) throws Exception {
        long started = System.nanoTime();
        Instant startedAt = Instant.now();
        PreparedDataset prepared = PreparedDataset.prepare(dataset.data, e -> true, null, suiteOptions.home(), err);
        List<MemoryCase.Group> groups = groups(prepared, dataset.limit);
        DemoQuestions.group(suiteOptions.home()).ifPresent(g -> groups.add(0, g));
        MemoryTenants tenants = new MemoryTenants(suiteOptions.home(), Long.toString(System.currentTimeMillis(), 36));
        Map<MemoryCase.Group, MemoryCase.Tenants> tenantsOf = new IdentityHashMap<>();
        for (MemoryCase.Group g : groups) {
            List<String> transfer = new ArrayList<>();
            for (int k = 1; k < g.ambiguous().size(); k++) {
                transfer.add(tenants.fresh("t", g.database(), g.path()));
            }
            tenantsOf.put(g, new MemoryCase.Tenants(tenants.fresh("r", g.database(), g.path()), tenants.fresh("i", g.database(), g.path()),
                    transfer));
        }
        Path tenantFile = tenants.register();
        List<MemoryTrials.Case> cases;
        MemoryCost.Figures cost = null;
        try (Suite suite = suiteOptions.connect(true, err)) {
            MemoryCase runner = new MemoryCase(suite, suiteOptions.deadlineMs(), interpret, dataset.queryTimeout);
            cases = ParallelMap.map(groups, dataset.concurrency, "memory", err, g -> runner.run(g, tenantsOf.get(g)));
            if (!groups.isEmpty() && groups.get(0).ambiguous().get(0).id().equals(DemoQuestions.rating().id()) && costPairs > 0) {
                String remembering = tenantsOf.get(groups.get(0)).remembering();
                cost = MemoryCost.measure(suite, suiteOptions.deadlineMs(), InterpretRequests.forExample(DemoQuestions.rating(),
                        remembering, DemoQuestions.DATABASE, interpret.infill(), interpret.families()), costPairs, costWarmup);
            }
        }
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("data", dataset.data.toAbsolutePath().normalize().toString());
        run.put("databases", groups.size());
        run.put("demo", !groups.isEmpty() && groups.get(0).path().toString().endsWith("demo/hotels.sqlite"));
        run.put("infill", interpret.infill());
        run.put("tenant_file", tenantFile.toString());
        run.put("interpreter", suiteOptions.interpreterEndpoint().toString());
        run.put("clarify", suiteOptions.clarifyEndpoint().toString());
        run.put("load_average_at_start", loadAverage());
        run.put("started_at", startedAt.toString());
        run.put("duration_s", Math.round((System.nanoTime() - started) / 1e7) / 100.0);
        MemoryReport report = new MemoryReport(cases, cost, run);
        report.write(out);
        summary.println(report.summaryText());
        summary.println("report: " + out.resolve("report.md"));
        return 0;
    }

    /** The databases with an ambiguous question, in the data set's order, each with every question asked of it. */
    static List<MemoryCase.Group> groups(PreparedDataset prepared, Integer limit) throws Exception {
        Map<String, List<Example>> byDatabase = new LinkedHashMap<>();
        Map<String, BenchDatabase> databases = new LinkedHashMap<>();
        for (Example ex : prepared.examples()) {
            BenchDatabase db = prepared.catalog().databaseOf(ex);
            databases.put(db.name(), db);
            byDatabase.computeIfAbsent(db.name(), k -> new ArrayList<>()).add(ex);
        }
        List<MemoryCase.Group> groups = new ArrayList<>();
        for (var e : byDatabase.entrySet()) {
            List<Example> ambiguous = e.getValue().stream().filter(Example::ambiguous).toList();
            if (!ambiguous.isEmpty() && (limit == null || groups.size() < limit)) {
                groups.add(new MemoryCase.Group(e.getKey(), databases.get(e.getKey()).path(), ambiguous,
                        e.getValue().stream().filter(x -> !x.ambiguous()).toList()));
            }
        }
        return groups;
    }

    private static double loadAverage() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }
}
