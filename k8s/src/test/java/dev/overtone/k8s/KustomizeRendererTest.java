package dev.overtone.k8s;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The Kustomize subset behaves as kubectl's does for what the overlays rely on, and refuses the rest. */
class KustomizeRendererTest {

    private static final String DEPLOYMENT = """
            apiVersion: apps/v1
            kind: Deployment
            metadata:
              name: web
            spec:
              replicas: 2
              template:
                spec:
                  containers:
                    - name: web
                      image: overtone/web:1.0
                      args: ["a", "b"]
                      env:
                        - name: KEEP
                          value: "1"
                        - name: CHANGE
                          value: "old"
                    - name: sidecar
                      image: busybox
            ---
            apiVersion: v1
            kind: Namespace
            metadata:
              name: shop
            """;

    @TempDir
    Path dir;

    @Test
    void patchesMergeContainersAndEnvByNameInKustomizeOrderReplaceOtherListsAndDeleteOnNull() throws IOException {
        write("base/kustomization.yaml", "resources:\n  - web.yaml\n");
        write("base/web.yaml", DEPLOYMENT);
        write("overlay/kustomization.yaml", """
                namespace: shop
                resources:
                  - ../base
                patches:
                  - path: patch.yaml
                images:
                  - name: overtone/web
                    newName: registry.example.com/web
                    newTag: "2.0"
                """);
        write("overlay/patch.yaml", """
                apiVersion: apps/v1
                kind: Deployment
                metadata:
                  name: web
                spec:
                  replicas: null
                  template:
                    spec:
                      containers:
                        - name: web
                          args: ["c"]
                          env:
                            - name: CHANGE
                              value: "new"
                            - name: ADDED
                              value: "2"
                """);

        List<ObjectNode> objects = new KustomizeRenderer().render(dir.resolve("overlay"));

        ObjectNode web = objects.get(0);
        assertThat(web.path("spec").has("replicas")).isFalse();
        assertThat(web.at("/metadata/namespace").asText()).isEqualTo("shop");
        assertThat(web.at("/spec/template/spec/containers")).hasSize(2);
        assertThat(web.at("/spec/template/spec/containers/0/image").asText()).isEqualTo("registry.example.com/web:2.0");
        assertThat(web.at("/spec/template/spec/containers/1/image").asText()).isEqualTo("busybox");
        assertThat(web.at("/spec/template/spec/containers/0/args").toString()).isEqualTo("[\"c\"]");
        assertThat(web.at("/spec/template/spec/containers/0/env").toString())
                .isEqualTo("[{\"name\":\"CHANGE\",\"value\":\"new\"},{\"name\":\"ADDED\",\"value\":\"2\"},"
                        + "{\"name\":\"KEEP\",\"value\":\"1\"}]");
        assertThat(objects.get(1).path("metadata").has("namespace")).isFalse();
    }

    @Test
    void anUnsupportedKustomizeFeatureIsRefused() throws IOException {
        write("kustomization.yaml", "resources: []\nconfigMapGenerator:\n  - name: x\n");

        assertThatThrownBy(() -> new KustomizeRenderer().render(dir))
                .hasMessageContaining("'configMapGenerator', which the test renderer does not implement");
    }

    @Test
    void aPatchWithoutATargetIsRefused() throws IOException {
        write("kustomization.yaml", "resources:\n  - web.yaml\npatches:\n  - path: patch.yaml\n");
        write("web.yaml", DEPLOYMENT);
        write("patch.yaml", "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\nspec:\n  replicas: 1\n");

        assertThatThrownBy(() -> new KustomizeRenderer().render(dir))
                .hasMessageContaining("patch target apps/v1/Deployment/api not found");
    }

    @Test
    void theSameObjectTwiceIsRefused() throws IOException {
        write("kustomization.yaml", "resources:\n  - web.yaml\n  - again.yaml\n");
        write("web.yaml", DEPLOYMENT);
        write("again.yaml", DEPLOYMENT);

        assertThatThrownBy(() -> new KustomizeRenderer().render(dir)).hasMessageContaining("is defined twice");
    }

    @Test
    void patchDirectivesAreRefused() throws IOException {
        write("kustomization.yaml", "resources:\n  - web.yaml\npatches:\n  - path: patch.yaml\n");
        write("web.yaml", DEPLOYMENT);
        write("patch.yaml", "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n$patch: delete\n");

        assertThatThrownBy(() -> new KustomizeRenderer().render(dir)).hasMessageContaining("'$patch' is not supported");
    }

    private void write(String name, String content) throws IOException {
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
    }
}
