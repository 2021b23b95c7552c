package dev.overtone.replicas;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.EquivalentAddressGroup;
import io.grpc.NameResolver;
import io.grpc.Status;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The record a channel resolves, and a published change seen only when the channel resolves again, as with DNS. */
class StaticReplicasTest {

    @Test
    void aChannelSeesAPublishedRecordOnlyWhenItResolvesAgain() {
        StaticReplicas replicas = StaticReplicas.of("parser-svc", List.of(new InetSocketAddress("localhost", 8093)));
        NameResolver resolver = replicas.newNameResolver(URI.create(replicas.target()), null);
        List<List<EquivalentAddressGroup>> resolved = new ArrayList<>();
        resolver.start(new NameResolver.Listener2() {
            @Override
            public void onResult(NameResolver.ResolutionResult result) {
                resolved.add(result.getAddresses());
            }

            @Override
            public void onError(Status error) {
                throw new AssertionError(error.toString());
            }
        });

        replicas.publish(List.of(StaticReplicas.localhost(8093), StaticReplicas.localhost(8193)));
        assertThat(resolved).containsExactly(List.of(StaticReplicas.localhost(8093)));

        resolver.refresh();
        assertThat(resolved.get(1)).containsExactly(StaticReplicas.localhost(8093), StaticReplicas.localhost(8193));
        assertThat(resolver.getServiceAuthority()).isEqualTo("parser-svc");
        assertThat(replicas.target()).startsWith(replicas.getDefaultScheme() + ":///");
    }
}
