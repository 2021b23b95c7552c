package dev.overtone.bench;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import dev.overtone.bench.report.ProgressBar;

/** Maps items on a fixed number of threads, in order, with a progress bar. */
public final class ParallelMap {

    /** A step that may fail. */
    @FunctionalInterface
    public interface Step<T, R> {
        R apply(T item) throws Exception;
    }

    private ParallelMap() {
    }

    /** The steps' results in the items' order; the bar, named {@code label}, is drawn on {@code progress}. */
    public static <T, R> List<R> map(List<T> items, int threads, String label, PrintWriter progress, Step<T, R> step)
            throws Exception {
        ProgressBar bar = new ProgressBar(label, items.size(), progress);
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads));
        try {
            List<Future<R>> futures = new ArrayList<>();
            for (T item : items) {
                futures.add(pool.submit(() -> {
                    R r = step.apply(item);
                    bar.step();
                    return r;
                }));
            }
            List<R> out = new ArrayList<>();
            for (Future<R> f : futures) {
                try {
                    out.add(f.get());
                } catch (ExecutionException e) {
                    throw e.getCause() instanceof Exception ex ? ex : e;
                }
            }
            bar.finish();
            return out;
        } finally {
            pool.shutdownNow();
        }
    }
}
