package dev.overtone.k8s;

import io.fabric8.kubernetes.api.model.ConfigMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Rendering with kubectl kustomize: typed objects out, and a failure that says what went wrong. */
class ManifestsTest {

    @TempDir
    Path dir;

    @Test
    void kubectlsRenderingComesBackAsTypedObjects() throws IOException {
        write("kustomization.yaml", "namespace: shop\nconfigMapGenerator:\n  - name: settings\n    literals: [A=1]\n");

        assertThat(Manifests.render(dir)).singleElement().isInstanceOfSatisfying(ConfigMap.class, config -> {
            assertThat(config.getMetadata().getNamespace()).isEqualTo("shop");
            assertThat(config.getData()).containsEntry("A", "1");
        });
    }

    @Test
    void withoutKubectlTheFailureSaysWhatToInstall() throws IOException {
        write("kustomization.yaml", "resources: []\n");

        assertThatThrownBy(() -> Manifests.render("no-such-kubectl-on-this-path", dir))
                .hasMessageContaining("cannot run 'no-such-kubectl-on-this-path'")
                .hasMessageContaining("Install kubectl 1.27 or later");
    }

    @Test
    void aKustomizationKubectlRefusesFailsWithKubectlsOwnMessage() throws IOException {
        write("kustomization.yaml", "resources: []\npatches:\n  - path: patch.yaml\n");
        write("patch.yaml", "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\nspec:\n  replicas: 1\n");

        assertThatThrownBy(() -> Manifests.render(dir))
                .hasMessageContaining("kubectl kustomize " + dir)
                .hasMessageContaining("failed (exit 1)")
                .hasMessageContaining("api");
    }

    @Test
    void aKindTheModelDoesNotKnowFails() throws IOException {
        write("kustomization.yaml", "resources: [web.yaml]\n");
        write("web.yaml", "apiVersion: apps/v1\nkind: Deploymnet\nmetadata:\n  name: web\n");

        assertThatThrownBy(() -> Manifests.render(dir)).hasMessageContaining("no typed model for apps/v1/Deploymnet/web");
    }

    private void write(String name, String content) throws IOException {
        Files.writeString(dir.resolve(name), content);
    }
}
