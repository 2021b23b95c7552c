package dev.overtone.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The machine's load, written beside a report's figures: a shared machine's other work shows there. */
public final class LoadAverage {
    private static final Path PROC = Path.of("/proc/loadavg");

    private LoadAverage() {
    }

    /** The 1, 5 and 15 minute load averages ("0.52 0.61 0.70"), or "unknown" where /proc has none. */
    public static String now() {
        try {
            return of(Files.readString(PROC));
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    /** The first three fields of a /proc/loadavg line. */
    static String of(String procLine) {
        String[] fields = procLine.strip().split("\\s+");
        if (fields.length < 3) {
            throw new IllegalArgumentException("not a /proc/loadavg line: " + procLine);
        }
        return fields[0] + " " + fields[1] + " " + fields[2];
    }
}
