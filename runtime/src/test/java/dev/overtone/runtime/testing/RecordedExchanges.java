package dev.overtone.runtime.testing;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.util.JsonFormat;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.ServiceDescriptor;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Answers of a real service, recorded for the fakes that stand for it in other services' tests, so a
 * fake says what the service says (runtime/README.md, "Recorded answers"). One JSON file per exchange
 * under {@code contracts/SERVICE/} in this test-jar: the RPC's full name, the request and the response
 * in protobuf's canonical JSON ({@link JsonFormat}), and an optional note. The files are text; this
 * class reads them into the caller's own generated classes through the service's gRPC descriptor
 * ({@code XxxServiceGrpc.getServiceDescriptor()}), so it needs no generated class itself.
 *
 * <p>The real service's own tests check every recording against the service and, with
 * {@value #RECORD_PROPERTY}{@code =true}, rewrite the responses from it. A fake run with
 * {@value #CAPTURE_PROPERTY}{@code =true} writes each request it has no recording of as a new file
 * without a response, for the service's tests to record.
 */
public final class RecordedExchanges {
    private static final org.jboss.logging.Logger LOG = org.jboss.logging.Logger.getLogger(RecordedExchanges.class);
    /** Rewrite the recorded responses from the real service (in that service's checking test). */
    public static final String RECORD_PROPERTY = "overtone.contracts.record";
    /** Write the requests a fake has no recording of as new, unanswered recordings (in the fake's tests). */
    public static final String CAPTURE_PROPERTY = "overtone.contracts.capture";
    /** Where the recordings of every service live in this module's sources. */
    private static final Path SOURCE_ROOT = Path.of("runtime", "src", "test", "resources", "contracts");

    private static final Gson PRETTY = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();

    /** One recorded call: {@code response} is null while it has only been captured, not recorded. */
    public record Exchange(String name, String note, MethodDescriptor<?, ?> method, Message request, Message response) {
        public Exchange withResponse(Message answer) {
            return new Exchange(name, note, method, request, answer);
        }
    }

    private final String service;
    private final ServiceDescriptor descriptor;
    private final List<Exchange> exchanges;
    private final Map<String, Map<Message, Message>> answers = new LinkedHashMap<>();

    private RecordedExchanges(String service, ServiceDescriptor descriptor, List<Exchange> exchanges) {
        this.service = service;
        this.descriptor = descriptor;
        this.exchanges = List.copyOf(exchanges);
        for (Exchange e : exchanges) {
            if (e.response() != null) {
                answers.computeIfAbsent(e.method().getBareMethodName(), k -> new LinkedHashMap<>()).put(e.request(), e.response());
            }
        }
    }

    /** The recordings of {@code service} on the classpath (this test-jar), sorted by file name. */
    public static RecordedExchanges load(String service, ServiceDescriptor descriptor) {
        Map<String, String> texts = new java.util.TreeMap<>();
        String folder = "contracts/" + service + "/";
        Path location = codeLocation();
        try {
            if (Files.isDirectory(location)) {
                Path dir = location.resolve(folder);
                if (Files.isDirectory(dir)) {
                    texts.putAll(readFolder(dir));
                }
            } else {
                try (JarFile jar = new JarFile(location.toFile())) {
                    for (JarEntry entry : Collections.list(jar.entries())) {
                        String name = entry.getName();
                        if (name.startsWith(folder) && name.endsWith(".json") && name.indexOf('/', folder.length()) < 0) {
                            try (InputStream in = jar.getInputStream(entry)) {
                                texts.put(name.substring(folder.length()), new String(in.readAllBytes(), StandardCharsets.UTF_8));
                            }
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the recordings of " + service + " from " + location, e);
        }
        return parse(service, descriptor, texts);
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
        return loadFolder(service, descriptor, sourceFolder(service));
    }

    /** The recordings in one folder (none when it does not exist). */
    public static RecordedExchanges loadFolder(String service, ServiceDescriptor descriptor, Path dir) {
        try {
            return parse(service, descriptor, Files.isDirectory(dir) ? readFolder(dir) : Map.of());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the recordings in " + dir, e);
        }
    }

    /**
     * {@code runtime/src/test/resources/contracts/SERVICE} of the checkout the tests run in, found from the
     * working directory upward (a module's tests run in the module's folder).
     */
    public static Path sourceFolder(String service) {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve(SOURCE_ROOT))) {
                return dir.resolve(SOURCE_ROOT).resolve(service);
            }
        }
        throw new IllegalStateException("no " + SOURCE_ROOT + " above " + Path.of("").toAbsolutePath()
                + "; run the tests from the repository's checkout");
    }

    public List<Exchange> exchanges() {
        return exchanges;
    }

    /** The recorded response to exactly this request (proto equality), if there is one. */
    @SuppressWarnings("unchecked")
    public <T extends Message> Optional<T> answer(String rpc, Message request) {
        return Optional.ofNullable((T) answers.getOrDefault(rpc, Map.of()).get(request));
    }

    /**
     * Writes {@code request} into the source tree as a recording without a response (when
     * {@value #CAPTURE_PROPERTY} is set and no file holds it yet); the service's recording run answers it.
     * The file is named after the RPC and a hash of the request: rename it to say what it is.
     */
    public synchronized Optional<Path> capture(String rpc, Message request) {
        if (!Boolean.getBoolean(CAPTURE_PROPERTY)) {
            return Optional.empty();
        }
        MethodDescriptor<?, ?> method = method(descriptor, rpc);
        String json = print(request);
        String file = kebab(rpc) + "-" + sha256(json).substring(0, 8) + ".json";
        Path path = sourceFolder(service).resolve(file);
        if (!Files.exists(path)) {
            write(path, new Exchange(file, "", method, request, null));
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
        LOG.errorf("%s: %s", message, print(request));
        return Status.INTERNAL.withDescription(message).asRuntimeException();
    }

    /** Writes one recording as its file is kept: two-space indented canonical JSON, a newline at the end. */
    public static void write(Path file, Exchange exchange) {
        JsonObject out = new JsonObject();
        out.addProperty("rpc", exchange.method().getFullMethodName());
        if (exchange.note() != null && !exchange.note().isBlank()) {
            out.addProperty("note", exchange.note());
        }
        out.add("request", JsonParser.parseString(print(exchange.request())));
        if (exchange.response() != null) {
            out.add("response", JsonParser.parseString(print(exchange.response())));
        }
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, PRETTY.toJson(out) + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** Protobuf's canonical JSON of a message, as the recordings hold it. */
    public static String print(Message message) {
        try {
            return JsonFormat.printer().print(message);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalArgumentException("cannot print " + message.getDescriptorForType().getFullName() + " as JSON", e);
        }
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
                out.add(new Exchange(name, note == null ? "" : note.getAsString(), method, request, response));
            } catch (RuntimeException | InvalidProtocolBufferException e) {
                throw new IllegalStateException("recording contracts/" + service + "/" + name + " cannot be read: " + e.getMessage(), e);
            }
        }
        out.sort(Comparator.comparing(Exchange::name));
        return new RecordedExchanges(service, descriptor, out);
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

    private static Map<String, String> readFolder(Path dir) throws IOException {
        Map<String, String> texts = new java.util.TreeMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".json")).toList()) {
                texts.put(f.getFileName().toString(), Files.readString(f));
            }
        }
        return texts;
    }

    /** The test-jar (or, in this module's own build, its test-classes folder) this class was loaded from. */
    private static Path codeLocation() {
        CodeSource source = RecordedExchanges.class.getProtectionDomain().getCodeSource();
        URL url = source == null ? null : source.getLocation();
        if (url == null) {
            throw new IllegalStateException("cannot tell where " + RecordedExchanges.class.getName() + " was loaded from");
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot read the location " + url, e);
        }
    }

    private static String kebab(String rpc) {
        return rpc.replaceAll("([a-z])([A-Z])", "$1-$2").toLowerCase(java.util.Locale.ROOT);
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
