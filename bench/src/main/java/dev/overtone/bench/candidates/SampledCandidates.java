package dev.overtone.bench.candidates;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Candidate lists as a text-to-SQL model sampled many times writes them, from one question's own recorded
 * defaults: the first default most often (each next one half as often), each draw written with the noise of
 * sampling — keyword case, line breaks, a trailing semicolon — and one draw in five rewritten (DISTINCT added,
 * or a LIMIT), so that the list holds repeats, surface variants and some new distinct SQLs. Seeded per question:
 * the list of 15 is the first 15 of the list of 150.
 */
public final class SampledCandidates {
    private static final Pattern SELECT = Pattern.compile("(?i)^\\s*select\\s+(?!distinct)");
    private static final Pattern KEYWORD = Pattern.compile("(?i)\\b(select|from|where|group by|order by|join|on|and|as)\\b");

    private SampledCandidates() {
    }

    public static List<String> of(List<String> defaults, int n, long seed) {
        Random random = new Random(seed);
        List<String> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            String sql = i < defaults.size() ? defaults.get(i) : defaults.get(draw(random, defaults.size()));
            out.add(written(i < defaults.size() ? 0 : random.nextInt(5), rewritten(random, sql)));
        }
        return out;
    }

    /** Default k with probability proportional to 2^-k. */
    private static int draw(Random random, int size) {
        int k = 0;
        while (k < size - 1 && random.nextBoolean()) {
            k++;
        }
        return k;
    }

    private static String rewritten(Random random, String sql) {
        if (random.nextInt(5) != 0) {
            return sql;
        }
        String s = sql.strip().replaceAll(";+$", "");
        Matcher select = SELECT.matcher(s);
        if (random.nextBoolean() && select.find()) {
            return "SELECT DISTINCT " + s.substring(select.end());
        }
        return s.toLowerCase(Locale.ROOT).contains(" limit ") ? s : s + " LIMIT 1000";
    }

    private static String written(int style, String sql) {
        return switch (style) {
            case 1 -> KEYWORD.matcher(sql).replaceAll(m -> m.group(1).toLowerCase(Locale.ROOT)) + ";";
            case 2 -> sql.replaceAll("(?i)\\s+(from|where|group by|order by|join)\\b", "\n  $1");
            case 3 -> "  " + sql + "\n";
            case 4 -> sql.replaceAll("(?i)\\bselect\\b", "SELECT").replaceAll("(?i)\\bfrom\\b", "FROM");
            default -> sql;
        };
    }
}
