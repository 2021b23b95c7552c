package dev.overtone.runtime.embedding;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.AbstractInProcessEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.OnnxBertBiEncoder;
import dev.langchain4j.model.embedding.onnx.PoolingMode;
import dev.langchain4j.model.embedding.onnx.allminilml6v2.AllMiniLmL6V2EmbeddingModel;
import org.jboss.logging.Logger;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.UUID;

/**
 * The all-MiniLM-L6-v2 sentence embedding model, loaded by ONNX Runtime from files.
 *
 * <p>Loaded from the jar (the library's own way), the 90 MB model is read into the Java heap and copied
 * there again, so a service needed a heap of over 200 MB just to start and kept it afterwards. Here the
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
    private static final String MODEL = "all-minilm-l6-v2.onnx";
    private static final String TOKENIZER = "all-minilm-l6-v2-tokenizer.json";
    private static final int DIMENSION = 384;

    private MiniLm() {
    }

    /** Loads the model from files under {@code java.io.tmpdir}, extracting them first if needed. */
    public static EmbeddingModel load() {
        return load(Path.of(System.getProperty("java.io.tmpdir"), "overtone-models"));
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
                    + "which needs about 250 MB of heap at start", cache, e.getMessage());
            return new AllMiniLmL6V2EmbeddingModel();
        }
    }

    private static OrtSession.SessionOptions sessionOptions() throws OrtException {
        OrtSession.SessionOptions options = new OrtSession.SessionOptions();
        options.setCPUArenaAllocator(false);
        options.setMemoryPatternOptimization(false);
        options.setIntraOpNumThreads(1);
        options.setInterOpNumThreads(1);
        return options;
    }

    /** The library's in-process model around our own encoder. */
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
        URL url = AllMiniLmL6V2EmbeddingModel.class.getResource("/" + resource);
        if (url == null) {
            throw new IOException("the resource " + resource + " is not on the class path");
        }
        long size = url.openConnection().getContentLengthLong();
        Path dir = cache.resolve("all-minilm-l6-v2-" + size);
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
