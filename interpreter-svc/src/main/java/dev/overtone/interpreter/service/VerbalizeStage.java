package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.VerbalizeRequest;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/** The verbalize stage: words for each representative SQL without any, from parser-svc's Verbalize; the SQL stands in when it fails. */
public record VerbalizeStage(ParserCalls parser, Lanes lanes) {

    /** The SQLs to put in words; {@code timeoutMs} gives each call's deadline as it starts. */
    public record Input(List<String> sqls, Schema schema, LongSupplier timeoutMs) {
    }

    /** One text per SQL, in order (the SQL itself where no words came), how many came from parser-svc, and the setbacks. */
    public record Verbalized(List<String> texts, int verbalized, List<Setback> setbacks) {
        String detail() {
            return verbalized + " verbalized";
        }
    }

    public Verbalized verbalize(Input in) {
        List<Called<String>> answers = lanes.map(Stage.STAGE_VERBALIZE, in.sqls(), sql -> parser.verbalize(
                VerbalizeRequest.newBuilder().setSql(sql).setSchema(in.schema()).build(), in.timeoutMs().getAsLong()));
        List<String> texts = new ArrayList<>();
        List<Setback> setbacks = new ArrayList<>();
        int ok = 0;
        for (int i = 0; i < in.sqls().size(); i++) {
            Called<String> text = answers.get(i);
            if (text.ok() && !text.value().isBlank()) {
                texts.add(text.value());
                ok++;
            } else {
                texts.add(in.sqls().get(i));
                // said while no call has succeeded yet: parser-svc down, not one odd SQL
                if (!text.ok() && ok == 0) {
                    setbacks.add(Setback.failed(Stage.STAGE_VERBALIZE, text.failure(), in.sqls().size(), Setback.Wording.VERBALIZE));
                }
            }
        }
        return new Verbalized(texts, ok, setbacks);
    }
}
