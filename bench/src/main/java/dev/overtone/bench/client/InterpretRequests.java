package dev.overtone.bench.client;

import java.util.List;

import dev.overtone.bench.dataset.Example;
import dev.overtone.proto.v1.CallerDefault;
import dev.overtone.proto.v1.InterpretOptions;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;

/** How the bench asks Interpret about an example: its recorded defaults stand in for the LLM stage. */
public final class InterpretRequests {

    private InterpretRequests() {
    }

    /**
     * One {@link CallerDefault} per SQL of every default (text = the interpretation); defaults
     * without SQL are left out, as the baseline leaves them out.
     */
    public static InterpretRequest forExample(Example ex, String tenant, String database, boolean infill,
                                              List<String> families) {
        return forExample(ex, tenant, database, infill, families, DefaultsMode.CALLER);
    }

    /** As above in {@link DefaultsMode#CALLER}; in {@link DefaultsMode#LLM} the question goes without any default. */
    public static InterpretRequest forExample(Example ex, String tenant, String database, boolean infill,
                                              List<String> families, DefaultsMode mode) {
        InterpretRequest.Builder b = InterpretRequest.newBuilder().setTenant(tenant).setDatabase(database)
                .setQuestion(ex.question() == null ? "" : ex.question());
        for (Example.Default d : mode == DefaultsMode.LLM ? List.<Example.Default>of() : ex.defaults()) {
            for (String sql : d.allSql()) {
                CallerDefault.Builder cd = CallerDefault.newBuilder().setSql(sql);
                if (d.interpretation() != null) {
                    cd.setText(d.interpretation());
                }
                b.addDefaults(cd);
            }
        }
        b.setOptions(options(infill, families));
        return b.build();
    }

    public static InterpretOptions options(boolean infill, List<String> families) {
        InterpretOptions.Builder o = InterpretOptions.newBuilder().setInfill(infill).setPreviewRows(1);
        if (families != null) {
            o.addAllFamilies(families);
        }
        return o.build();
    }

    /** The SQL strings of the answer's interpretations, in order: exactly what the bench scores. */
    public static List<String> sqlOf(InterpretResponse r) {
        return r.getInterpretationsList().stream().map(Interpretation::getSql).filter(s -> !s.isEmpty()).toList();
    }

    /**
     * Every reading's SQL: each interpretation's, then its paraphrases' (other SQLs that reached the
     * same result), in answer order. Readings that differ in structure but not in rows on this
     * database (AmbiQT's J and P) are told apart only here.
     */
    public static List<String> sqlWithParaphrasesOf(InterpretResponse r) {
        List<String> out = new java.util.ArrayList<>();
        for (Interpretation i : r.getInterpretationsList()) {
            if (!i.getSql().isEmpty()) out.add(i.getSql());
            i.getParaphrasesList().stream().map(dev.overtone.proto.v1.Paraphrase::getSql).filter(s -> !s.isEmpty() && !out.contains(s)).forEach(out::add);
        }
        return out;
    }
}
