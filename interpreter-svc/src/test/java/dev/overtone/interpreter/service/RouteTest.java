package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.Source;
import org.junit.jupiter.api.Test;

import java.util.Locale;
import java.util.Random;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** The keys by which one call executes a statement once and counts a text once. */
class RouteTest {

    private static final Pattern WHITESPACE = Pattern.compile("\\s+");

    @Test
    void theSqlKeyIgnoresCaseSpacingAndTrailingSemicolons() {
        assertThat(sql("SELECT  name\n\tFROM Hotels ;; ").sqlKey()).isEqualTo("select name from hotels");
        assertThat(sql("select name from hotels").sqlKey()).isEqualTo(sql("SELECT name\r\nFROM hotels;").sqlKey());
    }

    /** Inside quotes case and spacing are the data's (issue 35): two statements, each executed. */
    @Test
    void theSqlKeyKeepsTheInsideOfQuotes() {
        assertThat(sql("SELECT Name FROM Hotels WHERE City = 'Lisbon'").sqlKey()).isEqualTo("select name from hotels where city = 'Lisbon'");
        assertThat(sql("SELECT name FROM hotels WHERE city = 'Lisbon'").sqlKey())
                .isNotEqualTo(sql("SELECT name FROM hotels WHERE city = 'lisbon'").sqlKey());
        assertThat(sql("SELECT name FROM hotels WHERE city = 'A  B'").sqlKey()).isEqualTo("select name from hotels where city = 'A  B'");
        assertThat(sql("SELECT \"Full  Name\" FROM t WHERE a = 'it''s  X'   AND  B = 1").sqlKey())
                .isEqualTo("select \"Full  Name\" from t where a = 'it''s  X' and b = 1");
    }

    /** Whitespace is what the regular expression {@code \s} calls whitespace: a no-break space is part of a word. */
    @Test
    void spacesCollapseAsTheRegularExpressionCollapsesThem() {
        char[] alphabet = {'a', 'B', ' ', '\t', '\n', 0x0B, '\f', '\r', '\u00A0', '\u2003', 'É', ';'};
        Random random = new Random(17);
        for (int n = 0; n < 5000; n++) {
            StringBuilder s = new StringBuilder();
            for (int i = random.nextInt(12); i > 0; i--) s.append(alphabet[random.nextInt(alphabet.length)]);
            String text = s.toString();
            assertThat(Route.spacesCollapsed(text)).as("%s", text.codePoints().mapToObj(Integer::toHexString).toList())
                    .isEqualTo(WHITESPACE.matcher(text).replaceAll(" "));
            assertThat(new Route(text, "", Source.SOURCE_CALLER, "").textKey())
                    .isEqualTo(WHITESPACE.matcher(text.strip()).replaceAll(" ").toLowerCase(Locale.ROOT));
        }
    }

    private static Route sql(String sql) {
        return new Route("", sql, Source.SOURCE_CALLER, "");
    }
}
