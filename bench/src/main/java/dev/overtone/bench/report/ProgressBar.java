package dev.overtone.bench.report;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/** A progress bar on stderr: redrawn in place on a terminal, a line every 10 % otherwise. */
public final class ProgressBar {

    private static final int WIDTH = 30;

    private final String label;
    private final int total;
    private final PrintStream out;
    private final boolean terminal;
    private final long start = System.nanoTime();
    private final AtomicInteger done = new AtomicInteger();
    private int lastDecile = -1;

    public ProgressBar(String label, int total) {
        this(label, total, System.err, System.console() != null);
    }

    ProgressBar(String label, int total, PrintStream out, boolean terminal) {
        this.label = label;
        this.total = Math.max(total, 0);
        this.out = out;
        this.terminal = terminal;
    }

    public synchronized void step() {
        render(done.incrementAndGet());
    }

    public synchronized void finish() {
        if (terminal) {
            out.print("\r" + line(done.get()) + "\n");
        }
        out.flush();
    }

    private synchronized void render(int n) {
        if (terminal) {
            out.print("\r" + line(n));
            out.flush();
            return;
        }
        int decile = total == 0 ? 10 : n * 10 / total;
        if (decile != lastDecile) {
            lastDecile = decile;
            out.println(line(n));
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
