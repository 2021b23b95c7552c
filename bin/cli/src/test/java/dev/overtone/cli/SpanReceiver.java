package dev.overtone.cli;

import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.resource.v1.Resource;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A minimal OTLP/HTTP (protobuf) trace receiver: the services export their spans to it. */
final class SpanReceiver implements AutoCloseable {

    record ReceivedSpan(String service, String traceId, String name) {
    }

    private final HttpServer server;
    private final List<ReceivedSpan> spans = new CopyOnWriteArrayList<>();

    SpanReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            try (InputStream body = exchange.getRequestBody()) {
                record(ExportTraceServiceRequest.parseFrom(body));
            } catch (IOException e) {
                exchange.sendResponseHeaders(400, -1);
                return;
            }
            byte[] answer = ExportTraceServiceResponse.getDefaultInstance().toByteArray();
            exchange.getResponseHeaders().add("Content-Type", "application/x-protobuf");
            exchange.sendResponseHeaders(200, answer.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(answer);
            }
        });
        server.start();
    }

    String endpoint() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    List<ReceivedSpan> spans() {
        return List.copyOf(spans);
    }

    private void record(ExportTraceServiceRequest request) {
        for (ResourceSpans resourceSpans : request.getResourceSpansList()) {
            String service = serviceName(resourceSpans.getResource());
            for (ScopeSpans scopeSpans : resourceSpans.getScopeSpansList()) {
                for (Span span : scopeSpans.getSpansList()) {
                    spans.add(new ReceivedSpan(service, HexFormat.of().formatHex(span.getTraceId().toByteArray()),
                            span.getName()));
                }
            }
        }
    }

    private static String serviceName(Resource resource) {
        return resource.getAttributesList().stream()
                .filter(attribute -> attribute.getKey().equals("service.name"))
                .map(KeyValue::getValue).map(value -> value.getStringValue())
                .findFirst().orElse("");
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
