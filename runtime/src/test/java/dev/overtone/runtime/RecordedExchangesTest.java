package dev.overtone.runtime;

import com.google.protobuf.Int32Value;
import com.google.protobuf.SourceContext;
import com.google.protobuf.StringValue;
import dev.overtone.runtime.testing.RecordedExchanges;
import dev.overtone.runtime.testing.RecordingFiles;
import dev.overtone.runtime.testing.RecordedExchanges.Exchange;
import io.grpc.MethodDescriptor;
import io.grpc.ServiceDescriptor;
import io.grpc.Status;
import io.grpc.protobuf.ProtoUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The recordings' file format on a service made of well-known types: written, read back, answered by request. */
class RecordedExchangesTest {
    private static final MethodDescriptor<StringValue, Int32Value> LENGTH = MethodDescriptor.<StringValue, Int32Value>newBuilder()
            .setType(MethodDescriptor.MethodType.UNARY).setFullMethodName("test.Words/Length")
            .setRequestMarshaller(ProtoUtils.marshaller(StringValue.getDefaultInstance()))
            .setResponseMarshaller(ProtoUtils.marshaller(Int32Value.getDefaultInstance())).build();
    private static final MethodDescriptor<StringValue, SourceContext> SOURCE = MethodDescriptor.<StringValue, SourceContext>newBuilder()
            .setType(MethodDescriptor.MethodType.UNARY).setFullMethodName("test.Words/Source")
            .setRequestMarshaller(ProtoUtils.marshaller(StringValue.getDefaultInstance()))
            .setResponseMarshaller(ProtoUtils.marshaller(SourceContext.getDefaultInstance())).build();
    private static final ServiceDescriptor WORDS = ServiceDescriptor.newBuilder("test.Words").addMethod(LENGTH).addMethod(SOURCE).build();

    @TempDir
    Path dir;

    @Test
    void aWrittenRecordingIsReadBackAndAnswersExactlyItsRequest() throws Exception {
        RecordingFiles.write(dir.resolve("length.hotel.json"), new Exchange("length.hotel.json", "five letters", LENGTH,
                StringValue.of("hotel"), Int32Value.of(5)));
        RecordingFiles.write(dir.resolve("length.inn.json"), new Exchange("length.inn.json", "", LENGTH, StringValue.of("inn"), null));

        assertThat(Files.readString(dir.resolve("length.hotel.json"))).isEqualTo("""
                {
                  "rpc": "test.Words/Length",
                  "note": "five letters",
                  "request": "hotel",
                  "response": 5
                }
                """);
        RecordedExchanges read = RecordedExchanges.loadFolder("words", WORDS, dir);

        assertThat(read.exchanges()).extracting(Exchange::name).containsExactly("length.hotel.json", "length.inn.json");
        assertThat(read.exchanges().get(0).note()).isEqualTo("five letters");
        assertThat(read.<Int32Value>answer("Length", StringValue.of("hotel"))).contains(Int32Value.of(5));
        assertThat(read.answer("Length", StringValue.of("Hotel"))).as("only an equal request is answered").isEmpty();
        assertThat(read.answer("Length", StringValue.of("inn"))).as("captured, not yet recorded").isEmpty();
        assertThat(read.exchanges().get(1).response()).isNull();
    }

    @Test
    void aRefusalIsRecordedAsItsStatusAndReadBackAsIt() throws Exception {
        RecordingFiles.write(dir.resolve("length.empty.json"), new Exchange("length.empty.json", "", LENGTH, StringValue.of(""), null)
                .withFailure(Status.INVALID_ARGUMENT.withDescription("an empty word has no length")));

        assertThat(Files.readString(dir.resolve("length.empty.json"))).isEqualTo("""
                {
                  "rpc": "test.Words/Length",
                  "request": "",
                  "status": {
                    "code": "INVALID_ARGUMENT",
                    "description": "an empty word has no length"
                  }
                }
                """);
        Exchange read = RecordedExchanges.loadFolder("words", WORDS, dir).exchange("Length", StringValue.of("")).orElseThrow();

        assertThat(read.response()).isNull();
        assertThat(read.failure().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(read.failure().getDescription()).isEqualTo("an empty word has no length");
    }

    @Test
    void aRecordingIsFoundByItsFileNameAndOnlyAnAnsweredOneGivesAResponse() throws Exception {
        RecordingFiles.write(dir.resolve("length.hotel.json"), new Exchange("length.hotel.json", "", LENGTH,
                StringValue.of("hotel"), Int32Value.of(5)));
        RecordingFiles.write(dir.resolve("length.empty.json"), new Exchange("length.empty.json", "", LENGTH, StringValue.of(""), null)
                .withFailure(Status.INVALID_ARGUMENT.withDescription("an empty word has no length")));
        RecordingFiles.write(dir.resolve("length.inn.json"), new Exchange("length.inn.json", "", LENGTH, StringValue.of("inn"), null));
        RecordedExchanges read = RecordedExchanges.loadFolder("words", WORDS, dir);

        assertThat(read.named("length.hotel.json").request()).isEqualTo(StringValue.of("hotel"));
        assertThat(read.<Int32Value>response("length.hotel.json")).isEqualTo(Int32Value.of(5));
        assertThat(read.named("length.empty.json").failure().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThatThrownBy(() -> read.response("length.empty.json"))
                .hasMessageContaining("contracts/words/length.empty.json records a refusal").hasMessageContaining("INVALID_ARGUMENT");
        assertThatThrownBy(() -> read.named("length.inn.json")).as("captured, not yet recorded")
                .hasMessageContaining("no recorded contracts/words/length.inn.json")
                .hasMessageContaining("[length.empty.json, length.hotel.json, length.inn.json]");
        assertThatThrownBy(() -> read.named("length.motel.json")).hasMessageContaining("no recorded contracts/words/length.motel.json");
    }

    @Test
    void aRecordingNamingAFieldOrMethodTheServiceLacksFailsTheLoadNamingTheFile() throws Exception {
        Files.writeString(dir.resolve("stale.json"), """
                {"rpc": "test.Words/Source", "request": "x", "response": {"fileName": "words.proto", "line": 3}}""");
        assertThatThrownBy(() -> RecordedExchanges.loadFolder("words", WORDS, dir))
                .hasMessageContaining("contracts/words/stale.json").hasMessageContaining("line");

        Files.writeString(dir.resolve("stale.json"), """
                {"rpc": "test.Words/Count", "request": "x", "response": 1}""");
        assertThatThrownBy(() -> RecordedExchanges.loadFolder("words", WORDS, dir))
                .hasMessageContaining("contracts/words/stale.json").hasMessageContaining("no method Count");
    }
}
