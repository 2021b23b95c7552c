package dev.overtone.runtime.testing;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.util.JsonFormat;
import dev.overtone.runtime.testing.RecordedExchanges.Exchange;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Where the recordings of {@link RecordedExchanges} live and how each is kept as a file: read from this test-jar
 * (or its test-classes folder) or from a folder, found in the checkout's sources for a recording run, and written
 * as two-space indented canonical JSON.
 */
public final class RecordingFiles {
    /** Where the recordings of every service live in this module's sources. */
    private static final Path SOURCE_ROOT = Path.of("runtime", "src", "test", "resources", "contracts");
    private static final Gson PRETTY = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();

    private RecordingFiles() {
    }

    /** The texts of {@code contracts/FOLDER/*.json} on the class path (this test-jar), by file name. */
    static Map<String, String> onClasspath(String folder) {
        String prefix = "contracts/" + folder + "/";
        Path location = codeLocation();
        try {
            if (Files.isDirectory(location)) {
                Path dir = location.resolve(prefix);
                return Files.isDirectory(dir) ? inFolder(dir) : Map.of();
            }
            Map<String, String> texts = new TreeMap<>();
            try (JarFile jar = new JarFile(location.toFile())) {
                for (JarEntry entry : Collections.list(jar.entries())) {
                    String name = entry.getName();
                    if (name.startsWith(prefix) && name.endsWith(".json") && name.indexOf('/', prefix.length()) < 0) {
                        try (InputStream in = jar.getInputStream(entry)) {
                            texts.put(name.substring(prefix.length()), new String(in.readAllBytes(), StandardCharsets.UTF_8));
                        }
                    }
                }
            }
            return texts;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the recordings of " + folder + " from " + location, e);
        }
    }

    /** The texts of the {@code *.json} files of one folder, by file name (none when it does not exist). */
    static Map<String, String> inFolder(Path dir) {
        Map<String, String> texts = new TreeMap<>();
        if (!Files.isDirectory(dir)) {
            return texts;
        }
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".json")).toList()) {
                texts.put(f.getFileName().toString(), Files.readString(f));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the recordings in " + dir, e);
        }
        return texts;
    }

    /**
     * {@code runtime/src/test/resources/contracts/FOLDER} of the checkout the tests run in, found from the
     * working directory upward (a module's tests run in the module's folder).
     */
    public static Path sourceFolder(String folder) {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve(SOURCE_ROOT))) {
                return dir.resolve(SOURCE_ROOT).resolve(folder);
            }
        }
        throw new IllegalStateException("no " + SOURCE_ROOT + " above " + Path.of("").toAbsolutePath()
                + "; run the tests from the repository's checkout");
    }

    /**
     * Writes one recording as its file is kept: two-space indented canonical JSON, a newline at the end; the
     * answer is a {@code response} or, for a call the service refused, its {@code status} (code and description).
     */
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
        if (exchange.failure() != null) {
            JsonObject status = new JsonObject();
            status.addProperty("code", exchange.failure().getCode().name());
            status.addProperty("description", exchange.failure().getDescription());
            out.add("status", status);
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

    /** The test-jar (or, in this module's own build, its test-classes folder) this class was loaded from. */
    private static Path codeLocation() {
        CodeSource source = RecordingFiles.class.getProtectionDomain().getCodeSource();
        URL url = source == null ? null : source.getLocation();
        if (url == null) {
            throw new IllegalStateException("cannot tell where " + RecordingFiles.class.getName() + " was loaded from");
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot read the location " + url, e);
        }
    }
}
