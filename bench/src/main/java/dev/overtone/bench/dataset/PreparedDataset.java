package dev.overtone.bench.dataset;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import dev.overtone.bench.report.ProgressBar;

/**
 * A data set ready to run: examples read (filtered, limited), every database built and registered
 * as tenant {@code bench}, every repair listed.
 */
public record PreparedDataset(List<Example> examples, DatabaseCatalog catalog, List<String> repairs, Path tenantFile) {

    /** Prepares it; the databases' progress bar and each repair go to {@code err}. */
    public static PreparedDataset prepare(Path data, Predicate<Example> filter, Integer limit, Path home, PrintWriter err)
            throws IOException, SQLException {
        if (limit != null && limit < 0) {
            throw new IllegalArgumentException("--limit must be >= 0");
        }
        List<Example> examples = ExampleReader.read(data).stream().filter(filter).toList();
        if (limit != null && limit < examples.size()) {
            examples = examples.subList(0, limit);
        }
        DatabaseCatalog catalog = new DatabaseCatalog(home);
        ProgressBar bar = new ProgressBar("databases", examples.size(), err);
        for (Example ex : examples) {
            catalog.databaseOf(ex);
            bar.step();
        }
        bar.finish();
        List<String> repairs = new ArrayList<>();
        for (BenchDatabase db : catalog.databases()) {
            for (String note : db.repairs()) {
                repairs.add(db.name() + ": " + note);
            }
        }
        repairs.forEach(r -> err.println("bench: repaired " + r));
        return new PreparedDataset(examples, catalog, repairs, catalog.register());
    }
}
