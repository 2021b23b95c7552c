package dev.overtone.clarify.support;

import dev.overtone.proto.v1.AnalyzeResponse;
import dev.overtone.proto.v1.Slot;
import io.grpc.Status;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A stand-in for parser-svc's Analyze good enough for simple SELECTs: the slots it reports use the
 * real service's path scheme ("select[1]", "join[1]/on", "where/and[0]", "group_by[0]").
 */
public final class FakeSqlAnalysis {
    private static final Pattern CLAUSES = Pattern.compile("\\b(FROM|WHERE|GROUP BY|ORDER BY|LIMIT)\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern ELEMENT = Pattern.compile("\\b([A-Za-z_]+\\.[A-Za-z_]+)\\b");

    private FakeSqlAnalysis() {
    }

    public static AnalyzeResponse analyze(String sql) {
        String s = sql.trim().replaceAll(";\\s*$", "").replaceAll("\\s+", " ");
        if (!s.regionMatches(true, 0, "SELECT ", 0, 7)) {
            throw Status.INVALID_ARGUMENT.withDescription("line 1, column 1: expected SELECT").asRuntimeException();
        }
        AnalyzeResponse.Builder out = AnalyzeResponse.newBuilder().setCanonicalSql(s);
        Matcher m = CLAUSES.matcher(s);
        List<int[]> marks = new ArrayList<>();
        List<String> names = new ArrayList<>();
        while (m.find()) {
            marks.add(new int[] {m.start(), m.end()});
            names.add(m.group(1).toUpperCase());
        }
        int selectEnd = marks.isEmpty() ? s.length() : marks.get(0)[0];
        int i = 0;
        for (String item : splitTopLevel(s.substring(7, selectEnd), ",")) {
            slot(out, "select[" + i++ + "]", item);
        }
        for (int k = 0; k < marks.size(); k++) {
            String body = s.substring(marks.get(k)[1], k + 1 < marks.size() ? marks.get(k + 1)[0] : s.length()).trim();
            switch (names.get(k)) {
                case "FROM" -> {
                    String[] parts = body.split("(?i) JOIN ");
                    slot(out, "from[0]", parts[0]);
                    for (int j = 1; j < parts.length; j++) {
                        slot(out, "join[" + j + "]/on", parts[j]);
                    }
                }
                case "WHERE" -> {
                    int j = 0;
                    for (String c : body.split("(?i) AND ")) {
                        slot(out, "where/and[" + j++ + "]", c);
                    }
                }
                case "GROUP BY" -> {
                    int j = 0;
                    for (String g : splitTopLevel(body, ",")) {
                        slot(out, "group_by[" + j++ + "]", g);
                    }
                }
                case "ORDER BY" -> slot(out, "order_by[0]", body);
                default -> slot(out, "limit", body);
            }
        }
        return out.build();
    }

    private static void slot(AnalyzeResponse.Builder out, String path, String value) {
        String v = value.trim();
        Set<String> elements = new LinkedHashSet<>();
        Matcher e = ELEMENT.matcher(v);
        while (e.find()) {
            elements.add(e.group(1));
        }
        out.addSlots(Slot.newBuilder().setPath(path).setValue(v).setLabel(label(path, v)).addAllSchemaElements(elements));
    }

    /** Labels in parser-svc's style ("shows stars of hotels"), so the tests see what the real service sends. */
    private static String label(String path, String value) {
        if (!path.startsWith("select")) {
            return value;
        }
        return "shows " + value.replaceAll("(\\w+)\\.(\\w+)", "$2 of $1").replace('_', ' ').replace("AVG(", "average ").replace(")", "");
    }

    private static List<String> splitTopLevel(String text, String sep) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (depth == 0 && text.startsWith(sep, i)) {
                out.add(text.substring(start, i));
                start = i + sep.length();
            }
        }
        out.add(text.substring(start));
        return out;
    }
}
