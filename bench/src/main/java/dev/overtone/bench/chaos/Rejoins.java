package dev.overtone.bench.chaos;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The replicas an event restarted that were not back in their callers' rotation when the event went on: the launcher
 * waits (OVERTONE_REJOIN_TIMEOUT) for a restarted replica's callers to connect to it again and, when they do not, says
 * so and restarts the next replica all the same; the bench itself waits for its own channel to send a call to a killed
 * interpreter-svc replica it started again. Such an event's failures are those of a service left with fewer replicas
 * than it seems to have, so the report marks it.
 */
record Rejoins(List<Missing> missing) {

    /** A replica not back: how many of its callers' connections had come back, of how many before, and who waited. */
    record Missing(String replica, int connectionsBack, int connectionsBefore, String seenBy) {
    }

    /** bin/overtone's wait_rejoined line (NOT_REJOINED_LINE). */
    private static final Pattern LAUNCHER_LINE =
            Pattern.compile("(\\S+) not back in its callers' rotation: (\\d+) of its (\\d+) client connections");

    static final Rejoins ALL = new Rejoins(List.of());

    Rejoins {
        missing = List.copyOf(missing);
    }

    /** The replicas the launcher's output names as not back. */
    static Rejoins fromLauncher(String output) {
        List<Missing> missing = new ArrayList<>();
        Matcher m = LAUNCHER_LINE.matcher(output);
        while (m.find()) {
            missing.add(new Missing(m.group(1), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)), "launcher"));
        }
        return new Rejoins(missing);
    }

    /** These, and the killed replica the bench's own channel sent no call to again (its one connection not back). */
    Rejoins andBench(String replica, boolean rejoined) {
        if (rejoined) {
            return this;
        }
        List<Missing> all = new ArrayList<>(missing);
        all.add(new Missing(replica, 0, 1, "bench"));
        return new Rejoins(all);
    }

    boolean all() {
        return missing.isEmpty();
    }

    /** The report's entries: {@code all_rejoined}, and each replica not back. */
    Map<String, Object> row() {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("all_rejoined", all());
        row.put("not_rejoined", missing.stream().map(m -> {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("replica", m.replica());
            one.put("connections_back", m.connectionsBack());
            one.put("connections_before", m.connectionsBefore());
            one.put("seen_by", m.seenBy());
            return one;
        }).toList());
        return row;
    }

    /** For the event's line: nothing when every replica came back. */
    static String line(Map<String, Object> row) {
        if (!(row.get("not_rejoined") instanceof List<?> missing) || missing.isEmpty()) {
            return "";
        }
        StringBuilder line = new StringBuilder("; NOT REJOINED (the event went on with it out of the rotation):");
        for (Object entry : missing) {
            Map<?, ?> m = (Map<?, ?>) entry;
            line.append(' ').append(m.get("replica")).append(" (").append(m.get("connections_back")).append(" of ")
                    .append(m.get("connections_before")).append(" connections back, seen by the ").append(m.get("seen_by")).append(')');
        }
        return line.toString();
    }
}
