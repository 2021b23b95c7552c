package dev.overtone.runtime.grpc;

import io.grpc.netty.NettyChannelBuilder;
import io.quarkus.arc.Unremovable;
import io.quarkus.grpc.api.ChannelBuilderCustomizer;
import io.quarkus.grpc.runtime.config.GrpcClientConfiguration;
import jakarta.inject.Singleton;

import java.util.Map;

/**
 * Gives every gRPC client channel of a service the retry policy of idempotent calls. Quarkus applies
 * the returned map as the channel's default service config; {@code quarkus.grpc.clients.NAME.retry=true}
 * must be set for the channel to honour it (each service's application.properties does).
 */
@Singleton
@Unremovable
public class RetryingChannels implements ChannelBuilderCustomizer<NettyChannelBuilder> {

    @Override
    public Map<String, Object> customize(String name, GrpcClientConfiguration config, NettyChannelBuilder builder) {
        return RetryPolicy.DEFAULT.serviceConfig();
    }
}
