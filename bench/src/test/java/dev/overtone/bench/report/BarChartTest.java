package dev.overtone.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BarChartTest {

    @Test
    void aSeriesNeedsOneValuePerCategory() {
        BarChart chart = new BarChart("coverage", "%", List.of("scope", "vague"));

        assertThatThrownBy(() -> chart.series("overtone", List.of(1.0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("overtone: 1 values for 2 categories");
    }

    @Test
    void itSavesAPngAtTheNameGivenWithAMissingValueDrawnAsNoBar(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("coverage.png");
        new BarChart("coverage", "%", List.of("scope", "vague"))
                .series("baseline", Arrays.asList(40.0, null))
                .series("overtone", List.of(60.0, 30.0))
                .savePng(file, 100);

        assertThat(dir.toFile().list()).containsExactly("coverage.png");
        BufferedImage image = ImageIO.read(file.toFile());
        assertThat(image.getWidth()).isEqualTo(1000);
        assertThat(image.getHeight()).isEqualTo(560);
    }
}
