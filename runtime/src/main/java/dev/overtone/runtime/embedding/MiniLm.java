package dev.overtone.runtime.embedding;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.AbstractInProcessEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.OnnxBertBiEncoder;
import dev.langchain4j.model.embedding.onnx.PoolingMode;
import org.jboss.logging.Logger;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The all-MiniLM-L6-v2 sentence embedding model, quantized to 8-bit integers, loaded by ONNX Runtime from files.
 *
 * <p>The quantized model keeps the same tokenizer and 384 dimensions; its weights take 23 MB instead of the
 * float model's 90 MB, which saved about 60 MB of resident memory in each service that embeds, and it embeds
 * faster. Its vectors are close to the float model's, not equal: on the Ambrosia* dev SQL texts each vector's
 * cosine to the float one is at least 0.98, and the similarity of two texts moves by 0.01 (median, 0.07 at most).
 *
 * <p>Loaded from the jar (the library's own way), the model is read into the Java heap and copied
 * there again, so a service needs a larger heap just to start and keeps it afterwards. Here the
 * model and tokenizer are copied once, streamed, into a folder under {@code java.io.tmpdir} and ONNX
 * Runtime reads them from there: the heap never holds them. A copy becomes visible only by an atomic
 * rename, so a run killed half-way leaves nothing a later start would trust. Where no file can be
 * written, the model is loaded the library's way and a warning says why.
 *
 * <p>The session runs each embedding on the calling thread, without ONNX Runtime's memory arena and
 * spinning thread pool: the services embed short texts from many request threads at once, so a pool per
 * session only competes with them for the cores, and the arena keeps its peak for good.
 */
public final class MiniLm {
    private static final Logger LOG = Logger.getLogger(MiniLm.class);
    static final String MODEL = "all-minilm-l6-v2-q.onnx";
    static final String TOKENIZER = "all-minilm-l6-v2-q-tokenizer.json";
    private static final int DIMENSION = 384;

    private static final AtomicReference<CompletableFuture<EmbeddingModel>> PRELOADED = new AtomicReference<>();

    private MiniLm() {
    }

    /**
     * Starts loading the model (and embeds one text with it) on a daemon thread now; the next {@link #load()} takes that
     * model, waiting for it if need be. A service calls it as early in its start as it can, so that the load runs beside
     * the rest of the start instead of after it. A call while a preloaded model waits to be taken does nothing.
     */
    public static void preload() {
        CompletableFuture<EmbeddingModel> model = new CompletableFuture<>();
        if (!PRELOADED.compareAndSet(null, model)) {
            return;
        }
        Thread thread = new Thread(() -> {
            try {
                EmbeddingModel loaded = load(defaultCache());
                loaded.embed("warm");
                model.complete(loaded);
            } catch (RuntimeException | Error e) {
                model.completeExceptionally(e);
            }
        }, "minilm-preload");
        thread.setDaemon(true);
        thread.start();
    }

    /** The model {@link #preload()} started loading, else a new one from files under {@code java.io.tmpdir}. */
    public static EmbeddingModel load() {
        CompletableFuture<EmbeddingModel> preloaded = PRELOADED.getAndSet(null);
        if (preloaded != null) {
            try {
                return preloaded.join();
            } catch (CompletionException e) {
                LOG.warnf("the embedding model's preload failed (%s); loading it again", e.getCause());
            }
        }
        return load(defaultCache());
    }

    /** Whether a preloaded model (loaded or still loading) waits for the next {@link #load()}. */
    public static boolean preloadWaiting() {
        return PRELOADED.get() != null;
    }

    private static Path defaultCache() {
        return Path.of(System.getProperty("java.io.tmpdir"), "overtone-models");
    }

    static EmbeddingModel load(Path cache) {
        try {
            Path model = extracted(cache, MODEL);
            Path tokenizer = extracted(cache, TOKENIZER);
            OrtEnvironment environment = OrtEnvironment.getEnvironment();
            OrtSession session = environment.createSession(model.toString(), sessionOptions());
            try (InputStream tokenizerJson = Files.newInputStream(tokenizer)) {
                return new FromFiles(new OnnxBertBiEncoder(environment, session, tokenizerJson, PoolingMode.MEAN));
            }
        } catch (IOException | UncheckedIOException | OrtException e) {
            LOG.warnf("could not place the embedding model under %s (%s); loading it through the heap instead, "
                    + "which needs about 70 MB more heap at start", cache, e.getMessage());
            return throughTheHeap();
        }
    }

    /** The library's way: the model's bytes pass through the Java heap. */
    static EmbeddingModel throughTheHeap() {
        try (InputStream model = resource(MODEL).openStream(); InputStream tokenizer = resource(TOKENIZER).openStream()) {
            return new FromFiles(new OnnxBertBiEncoder(model, tokenizer, PoolingMode.MEAN));
        } catch (IOException e) {
            throw new UncheckedIOException("the embedding model is not readable from the class path", e);
        }
    }

    private static URL resource(String name) throws IOException {
        URL url = MiniLm.class.getResource("/" + name);
        if (url == null) {
            throw new IOException("the resource " + name + " is not on the class path");
        }
        return url;
    }

    private static OrtSession.SessionOptions sessionOptions() throws OrtException {
        OrtSession.SessionOptions options = new OrtSession.SessionOptions();
        options.setCPUArenaAllocator(false);
        options.setMemoryPatternOptimization(false);
        options.setIntraOpNumThreads(1);
        options.setInterOpNumThreads(1);
        return options;
    }

    /** The library's in-process model around an encoder. */
    private static final class FromFiles extends AbstractInProcessEmbeddingModel {
        private final OnnxBertBiEncoder encoder;

        FromFiles(OnnxBertBiEncoder encoder) {
            super(null);
            this.encoder = encoder;
        }

        @Override
        protected OnnxBertBiEncoder model() {
            return encoder;
        }

        @Override
        protected Integer knownDimension() {
            return DIMENSION;
        }
    }

    /** The resource as a file in {@code cache}, copied there unless a complete copy of the same size exists. */
    static Path extracted(Path cache, String resource) throws IOException {
        URL url = resource(resource);
        long size = url.openConnection().getContentLengthLong();
        Path dir = cache.resolve("all-minilm-l6-v2-q-" + size);
        Path target = dir.resolve(resource);
        if (Files.isRegularFile(target) && (size < 0 || Files.size(target) == size)) {
            return target;
        }
        Files.createDirectories(dir);
        Path part = dir.resolve(resource + ".part-" + UUID.randomUUID());
        try (InputStream in = url.openStream()) {
            Files.copy(in, part);
            Files.move(part, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(part);
        }
        return target;
    }
}
