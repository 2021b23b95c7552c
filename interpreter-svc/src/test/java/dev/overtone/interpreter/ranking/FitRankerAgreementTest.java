package dev.overtone.interpreter.ranking;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The offline fitting tool ({@code bench/tools/fit_ranker.py}) reads the evidence this service writes by name and
 * prints weights in its own order: its lists of names must be this service's, in the same order, or a refit would
 * put a weight on the wrong feature.
 */
class FitRankerAgreementTest {
    private static final Path SCRIPT = Path.of("..", "bench", "tools", "fit_ranker.py");

    @Test
    void theReadingFeaturesTheToolFitsAreTheOnesTheServiceWeighsInItsOrder() throws IOException {
        List<String> weighed = RankingWeights.READING_WEIGHTS.keySet().stream().map(Feature::wireName).toList();

        assertThat(list("FEATURES")).isEqualTo(weighed);
    }

    @Test
    void theVerdictFeaturesAreTheServicesInItsOrder() throws IOException {
        assertThat(list("VERDICT_FEATURES"))
                .isEqualTo(Arrays.stream(VerdictFeature.values()).map(VerdictFeature::wireName).toList());
    }

    @Test
    void everyEvidenceTheVerdictReadsIsWrittenByTheService() throws IOException {
        List<String> written = Arrays.stream(Feature.values()).map(Feature::wireName).toList();

        assertThat(written).containsAll(list("VERDICT_EVIDENCE"));
    }

    /** The Python list assigned to {@code name} at the start of a line: its string items, in order. */
    private static List<String> list(String name) throws IOException {
        Matcher m = Pattern.compile("(?m)^" + name + " = \\[([^\\]]*)]").matcher(Files.readString(SCRIPT));
        assertThat(m.find()).as("%s defines %s", SCRIPT, name).isTrue();
        List<String> out = new ArrayList<>();
        Matcher item = Pattern.compile("\"([a-z_]+)\"").matcher(m.group(1));
        while (item.find()) {
            out.add(item.group(1));
        }
        return out;
    }
}
