package dev.overtone.bench.coverage;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.overtone.bench.scoring.RankedSummary;

class ReportNumbersTest {
    private final Locale before = Locale.getDefault();

    @AfterEach
    void restoreLocale() {
        Locale.setDefault(before);
    }

    /** A report reads the same on every machine: a point for the decimal, whatever the machine's language. */
    @Test
    void aFigureHasOneDecimalWithAPointInAnyLocale() {
        Locale.setDefault(Locale.GERMANY);

        assertThat(ReportNumbers.num(61.25)).isEqualTo("61.3");
        assertThat(ReportNumbers.percent(7.04)).isEqualTo("7.0 %");
        assertThat(ReportNumbers.auroc(new RankedSummary(Map.of(), 0.83456))).isEqualTo("0.835");
    }

    @Test
    void noFigureIsADash() {
        assertThat(ReportNumbers.num(null)).isEqualTo("—");
        assertThat(ReportNumbers.percent(Double.NaN)).isEqualTo("—");
        assertThat(ReportNumbers.auroc(new RankedSummary(Map.of(), Double.NaN))).isEqualTo("—");
    }
}
