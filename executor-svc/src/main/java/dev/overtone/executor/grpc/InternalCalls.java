package dev.overtone.executor.grpc;

import dev.overtone.executor.service.TenantRegistry;
import io.grpc.ClientInterceptor;
import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.stub.MetadataUtils;
import io.quarkus.grpc.GlobalInterceptor;
import jakarta.inject.Singleton;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The calls this executor makes to its own gRPC server (its warm-up), told apart from every caller's: they carry a
 * header whose value is a secret drawn when this process starts and never leaves it. Only such a call may name a
 * reserved tenant ({@link TenantRegistry#reserved}); to any other caller those tenants do not exist.
 */
@Singleton
@GlobalInterceptor
public class InternalCalls implements ServerInterceptor {
    private static final Metadata.Key<String> HEADER = Metadata.Key.of("overtone-internal-call",
            Metadata.ASCII_STRING_MARSHALLER);
    private static final Context.Key<Boolean> INTERNAL = Context.key("overtone-internal-call");
    private static final String SECRET = secret();
    private static final byte[] SECRET_BYTES = SECRET.getBytes(StandardCharsets.US_ASCII);

    @Override
    public <Q, A> ServerCall.Listener<Q> interceptCall(ServerCall<Q, A> call, Metadata headers, ServerCallHandler<Q, A> next) {
        String given = headers.get(HEADER);
        // compared in constant time: the header is one any caller can send
        return given != null && MessageDigest.isEqual(SECRET_BYTES, given.getBytes(StandardCharsets.US_ASCII))
                ? Contexts.interceptCall(Context.current().withValue(INTERNAL, Boolean.TRUE), call, headers, next)
                : next.startCall(call, headers);
    }

    /** What this process's own client attaches to its calls. */
    public static ClientInterceptor mark() {
        Metadata headers = new Metadata();
        headers.put(HEADER, SECRET);
        return MetadataUtils.newAttachHeadersInterceptor(headers);
    }

    /** Whether the call being served may name {@code tenant}. */
    static boolean mayName(String tenant) {
        return !TenantRegistry.reserved(tenant) || Boolean.TRUE.equals(INTERNAL.get());
    }

    private static String secret() {
        byte[] bytes = new byte[16];
        new SecureRandom().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }
}
