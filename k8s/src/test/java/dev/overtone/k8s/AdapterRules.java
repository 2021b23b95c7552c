package dev.overtone.k8s;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;

/**
 * The per-pod metrics prometheus-adapter serves to the autoscalers, as {@code k8s/monitoring/prometheus-adapter-values.yaml}
 * configures it: each custom rule's {@code name.as}, where its {@code seriesQuery} names a series of that metric and
 * maps the {@code pod} label to the pod resource (what makes it a per-pod metric an HPA's {@code Pods} source can read).
 */
record AdapterRules(Set<String> podMetrics) {

    static final String VALUES = "k8s/monitoring/prometheus-adapter-values.yaml";

    static AdapterRules read(Path checkout) {
        JsonNode values;
        try {
            values = new ObjectMapper(new YAMLFactory()).readTree(checkout.resolve(VALUES).toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + VALUES, e);
        }
        Set<String> metrics = new TreeSet<>();
        for (JsonNode rule : values.path("rules").path("custom")) {
            String served = rule.path("name").path("as").asText("");
            boolean perPod = "pod".equals(rule.path("resources").path("overrides").path("pod").path("resource").asText());
            if (!served.isEmpty() && perPod && rule.path("seriesQuery").asText("").startsWith(served)) {
                metrics.add(served);
            }
        }
        return new AdapterRules(Set.copyOf(metrics));
    }
}
