package dev.overtone.runtime.testing;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.util.JsonFormat;
import io.grpc.MethodDescriptor;
import io.grpc.ServiceDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Answers of a real service, recorded for the fakes that stand for it in other services' tests, so a
 * fake says what the service says (runtime/README.md, "Recorded answers"). One JSON file per exchange
 * under {@code contracts/SERVICE/} in this test-jar: the RPC's full name, the request and the response
 * in protobuf's canonical JSON ({@link JsonFormat}), or the status the service refused the call with, and an
 * optional note ({@link RecordingFiles}). The files are text; this class reads them into the caller's own
 * generated classes through the service's gRPC descriptor ({@code XxxServiceGrpc.getServiceDescriptor()}), so it
 * needs no generated class itself.
 *
 * <p>The real service's own tests check every recording against the service and, with
 * {@value #RECORD_PROPERTY}{@code =true}, rewrite the answers from it. A fake run with
 * {@value #CAPTURE_PROPERTY}{@code =true} writes each request it has no recording of as a new file
 * without an answer, for the service's tests to record.
 */
public final class RecordedExchanges {
    private static final org.jboss.logging.Logger LOG = org.jboss.logging.Logger.getLogger(RecordedExchanges.class);
    /** Rewrite the recorded answers from the real service (in that service's checking test). */
    public static final String RECORD_PROPERTY = "overtone.contracts.record";
    /** Write the requests a fake has no recording of as new, unanswered recordings (in the fake's tests). */
    public static final String CAPTURE_PROPERTY = "overtone.contracts.capture";

    /**
     * One recorded call, answered by {@code response} or refused with {@code failure}; both are null while it has
     * only been captured, not recorded.
     */
    public record Exchange(String name, String note, MethodDescriptor<?, ?> method, Message request, Message response, Status failure) {
        public Exchange(String name, String note, MethodDescriptor<?, ?> method, Message request, Message response) {
            this(name, note, method, request, response, null);
        }

        public Exchange withResponse(Message answer) {
            return new Exchange(name, note, method, request, answer, null);
        }

        public Exchange withFailure(Status refusal) {
            return new Exchange(name, note, method, request, null, refusal);
        }

        public boolean recorded() {
            return response != null || failure != null;
        }
    }

    private final String service;
    private final ServiceDescriptor descriptor;
    private final List<Exchange> exchanges;
    private final Map<String, Map<Message, Exchange>> byRequest = new LinkedHashMap<>();

    private RecordedExchanges(String service, ServiceDescriptor descriptor, List<Exchange> exchanges) {
        this.service = service;
        this.descriptor = descriptor;
        this.exchanges = List.copyOf(exchanges);
        for (Exchange e : exchanges) {
            if (e.recorded()) {
                byRequest.computeIfAbsent(e.method().getBareMethodName(), k -> new LinkedHashMap<>()).put(e.request(), e);
            }
        }
    }

    /** The recordings of {@code service} on the classpath (this test-jar), sorted by file name. */
    public static RecordedExchanges load(String service, ServiceDescriptor descriptor) {
        return parse(service, descriptor, RecordingFiles.onClasspath(service));
    }

    /**
     * A message the recordings were made over (contracts/fixtures/NAME.json, canonical JSON), merged into
     * {@code builder}, so the fakes' tests send exactly what the real service answered.
     */
    public static <B extends Message.Builder> B fixture(String name, B builder) {
        String resource = "/contracts/fixtures/" + name + ".json";
        try (InputStream in = RecordedExchanges.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture " + resource + " on the classpath (runtime's test-jar)");
            }
            JsonFormat.parser().merge(new String(in.readAllBytes(), StandardCharsets.UTF_8), builder);
            return builder;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the fixture " + resource, e);
        }
    }

    /** The recordings of {@code service} in this module's source tree: what a recording run rewrites. */
    public static RecordedExchanges loadSources(String service, ServiceDescriptor descriptor) {
        return loadFolder(service, descriptor, RecordingFiles.sourceFolder(service));
    }

    /** The recordings in one folder (none when it does not exist). */
    public static RecordedExchanges loadFolder(String service, ServiceDescriptor descriptor, Path dir) {
        return parse(service, descriptor, RecordingFiles.inFolder(dir));
    }

    public List<Exchange> exchanges() {
        return exchanges;
    }

    /**
     * The recording in file {@code name} ("interpret.stars.json"), answered or refused, for a test that reads what the
     * real service was asked or answered; fails naming the recordings there are when none of that name is recorded.
     */
    public Exchange named(String name) {
        return exchanges.stream().filter(e -> e.name().equals(name) && e.recorded()).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no recorded contracts/" + service + "/" + name
                        + " on the class path (runtime's test-jar, built with the reactor: -am); there are "
                        + exchanges.stream().map(Exchange::name).toList()));
    }

    /** The response of recording {@code name}; fails when there is none or it records a refusal. */
    @SuppressWarnings("unchecked")
    public <T extends Message> T response(String name) {
        Exchange exchange = named(name);
        if (exchange.response() == null) {
            throw new IllegalArgumentException("contracts/" + service + "/" + name + " records a refusal ("
                    + exchange.failure() + "), not an answer");
        }
        return (T) exchange.response();
    }

    /** The recorded response to exactly this request (proto equality), if there is one. */
    @SuppressWarnings("unchecked")
    public <T extends Message> Optional<T> answer(String rpc, Message request) {
        return exchange(rpc, request).map(e -> (T) e.response());
    }

    /** The recorded exchange of exactly this request (proto equality), answered or refused, if there is one. */
    public Optional<Exchange> exchange(String rpc, Message request) {
        return Optional.ofNullable(byRequest.getOrDefault(rpc, Map.of()).get(request));
    }

    /**
     * Writes {@code request} into the source tree as a recording without an answer (when
     * {@value #CAPTURE_PROPERTY} is set and no file holds it yet); the service's recording run answers it.
     * The file is named after the RPC and a hash of the request: rename it to say what it is.
     */
    public synchronized Optional<Path> capture(String rpc, Message request) {
        if (!Boolean.getBoolean(CAPTURE_PROPERTY)) {
            return Optional.empty();
        }
        MethodDescriptor<?, ?> method = method(descriptor, rpc);
        String json = RecordingFiles.print(request);
        String file = kebab(rpc) + "-" + sha256(json).substring(0, 8) + ".json";
        Path path = RecordingFiles.sourceFolder(service).resolve(file);
        if (!Files.exists(path)) {
            RecordingFiles.write(path, new Exchange(file, "", method, request, null));
        }
        return Optional.of(path);
    }

    /**
     * What a fake answers a request no recording holds: INTERNAL, whose message (also logged, with the
     * request) says how to capture the request from {@code testsOf}'s tests and have the real service
     * record its answer. The fake also keeps the message, so that its test fails even where the caller
     * absorbs the failure as a degradation.
     */
    public StatusRuntimeException unrecorded(String rpc, Message request, String testsOf) {
        String where = capture(rpc, request).map(p -> "; captured as " + p + ", now record it with " + service
                + "'s RecordedAnswersTest -D" + RECORD_PROPERTY + "=true").orElse("; run the " + testsOf
                + " tests with -D" + CAPTURE_PROPERTY + "=true to capture it, then " + service
                + "'s RecordedAnswersTest with -D" + RECORD_PROPERTY + "=true to record the answer");
        String message = "the fake " + service + " has no recorded answer to this " + rpc + " request" + where;
        LOG.errorf("%s: %s", message, RecordingFiles.print(request));
        return Status.INTERNAL.withDescription(message).asRuntimeException();
    }

    private static RecordedExchanges parse(String service, ServiceDescriptor descriptor, Map<String, String> texts) {
        List<Exchange> out = new ArrayList<>();
        for (Map.Entry<String, String> t : texts.entrySet()) {
            String name = t.getKey();
            try {
                JsonObject json = JsonParser.parseString(t.getValue()).getAsJsonObject();
                String rpc = json.get("rpc").getAsString();
                String prefix = descriptor.getName() + "/";
                if (!rpc.startsWith(prefix)) {
                    throw new IllegalArgumentException("rpc " + rpc + " is not a method of " + descriptor.getName());
                }
                MethodDescriptor<?, ?> method = method(descriptor, rpc.substring(prefix.length()));
                JsonElement note = json.get("note");
                Message request = read(json.get("request"), method.getRequestMarshaller());
                Message response = json.has("response") ? read(json.get("response"), method.getResponseMarshaller()) : null;
                out.add(new Exchange(name, note == null ? "" : note.getAsString(), method, request, response, status(json)));
            } catch (RuntimeException | InvalidProtocolBufferException e) {
                throw new IllegalStateException("recording contracts/" + service + "/" + name + " cannot be read: " + e.getMessage(), e);
            }
        }
        out.sort(Comparator.comparing(Exchange::name));
        return new RecordedExchanges(service, descriptor, out);
    }

    private static Status status(JsonObject json) {
        if (!json.has("status")) {
            return null;
        }
        JsonObject status = json.getAsJsonObject("status");
        JsonElement description = status.get("description");
        return Status.fromCode(Status.Code.valueOf(status.get("code").getAsString()))
                .withDescription(description == null ? null : description.getAsString());
    }

    private static Message read(JsonElement json, MethodDescriptor.Marshaller<?> marshaller) throws InvalidProtocolBufferException {
        if (!(marshaller instanceof MethodDescriptor.PrototypeMarshaller<?> proto) || !(proto.getMessagePrototype() instanceof Message prototype)) {
            throw new IllegalArgumentException("the method's messages are not protobuf messages");
        }
        Message.Builder builder = prototype.newBuilderForType();
        // Strict: a field the proto no longer has fails the load instead of being dropped without a word.
        JsonFormat.parser().merge(json.toString(), builder);
        return builder.build();
    }

    private static MethodDescriptor<?, ?> method(ServiceDescriptor descriptor, String rpc) {
        return descriptor.getMethods().stream().filter(m -> rpc.equals(m.getBareMethodName())).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(descriptor.getName() + " has no method " + rpc));
    }

    private static String kebab(String rpc) {
        return rpc.replaceAll("([a-z])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
