package dev.overtone.bench.report;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/** A progress bar on the command's stderr: redrawn in place on a terminal, a line every 10 % otherwise. */
public final class ProgressBar {

    private static final int WIDTH = 30;

    private final String label;
    private final int total;
    private final PrintWriter progress;
    private final boolean terminal;
    private final long start = System.nanoTime();
    private final AtomicInteger done = new AtomicInteger();
    private int lastDecile = -1;

    /** A bar drawn on {@code progress} (the command's stderr), in place when the bench runs on a terminal. */
    public ProgressBar(String label, int total, PrintWriter progress) {
        this(label, total, progress, System.console() != null);
    }

    ProgressBar(String label, int total, PrintWriter progress, boolean terminal) {
        this.label = label;
        this.total = Math.max(total, 0);
        this.progress = progress;
        this.terminal = terminal;
    }

    public synchronized void step() {
        render(done.incrementAndGet());
    }

    public synchronized void finish() {
        if (terminal) {
            progress.print("\r" + line(done.get()) + "\n");
        }
        progress.flush();
    }

    private synchronized void render(int n) {
        if (terminal) {
            progress.print("\r" + line(n));
            progress.flush();
            return;
        }
        int decile = total == 0 ? 10 : n * 10 / total;
        if (decile != lastDecile) {
            lastDecile = decile;
            progress.println(line(n));
        }
    }

    String line(int n) {
        double frac = total == 0 ? 1.0 : Math.min(1.0, (double) n / total);
        int filled = (int) Math.round(frac * WIDTH);
        double secs = (System.nanoTime() - start) / 1e9;
        double rate = secs > 0 ? n / secs : 0;
        String eta = rate > 0 && n < total ? String.format(Locale.ROOT, " eta %ds", Math.round((total - n) / rate)) : "";
        return String.format(Locale.ROOT, "%s [%s%s] %d/%d %5.1f%% %.1f/s%s", label, "#".repeat(filled),
                " ".repeat(WIDTH - filled), n, total, 100 * frac, rate, eta);
    }
}
