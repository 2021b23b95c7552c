package dev.overtone.k8s;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Where a kubectl is on the PATH, the Java renderer must produce exactly what
 * {@code kubectl kustomize} produces for each overlay and for a list-merging fixture
 * (same objects, same content, same list order; the order of documents aside). Skipped
 * where there is no kubectl on the PATH.
 */
class RendererMatchesKubectlTest {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @ParameterizedTest
    @EnumSource(Overlay.class)
    void theJavaRendererAgreesWithKubectlKustomize(Overlay overlay) throws Exception {
        assertSameRendering(overlay.directory());
    }

    /** List merging by key, in Kustomize's order, on containers, env, ports and volumes. */
    @Test
    void strategicMergeOfListsAgreesWithKubectl() throws Exception {
        assertSameRendering(Path.of(getClass().getResource("/kustomize/merge-order").toURI()));
    }

    private static void assertSameRendering(Path directory) throws IOException, InterruptedException {
        List<JsonNode> expected = kubectlKustomize(directory);

        Map<String, String> rendered = byId(new ArrayList<>(new KustomizeRenderer().render(directory)));
        Map<String, String> kubectl = byId(expected);

        assertThat(rendered.keySet()).isEqualTo(kubectl.keySet());
        SoftAssertions.assertSoftly(softly -> kubectl.forEach((id, content) ->
                softly.assertThat(rendered.get(id)).as(id).isEqualTo(content)));
    }

    private static List<JsonNode> kubectlKustomize(Path directory) throws IOException, InterruptedException {
        Process process;
        try {
            process = new ProcessBuilder("kubectl", "kustomize", directory.toString())
                    .redirectErrorStream(false).start();
        } catch (IOException noKubectl) {
            assumeTrue(false, "no kubectl on the PATH");
            throw noKubectl;
        }
        byte[] output = process.getInputStream().readAllBytes();
        String errors = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(errors).isZero();
        List<JsonNode> documents = new ArrayList<>();
        try (MappingIterator<JsonNode> iterator = YAML.readerFor(JsonNode.class).readValues(output)) {
            iterator.forEachRemaining(documents::add);
        }
        return documents;
    }

    private static Map<String, String> byId(List<? extends JsonNode> documents) {
        Map<String, String> result = new TreeMap<>();
        for (JsonNode document : documents) {
            result.put(KustomizeRenderer.id(document), canonical(document));
        }
        return result;
    }

    /** JSON with object keys sorted, so that only content counts. */
    private static String canonical(JsonNode node) {
        if (node.isObject()) {
            Map<String, String> fields = new TreeMap<>();
            ((ObjectNode) node).fields().forEachRemaining(field -> fields.put(field.getKey(), canonical(field.getValue())));
            return fields.toString();
        }
        if (node.isArray()) {
            List<String> elements = new ArrayList<>();
            node.forEach(element -> elements.add(canonical(element)));
            return elements.toString();
        }
        return node.toString();
    }
}
