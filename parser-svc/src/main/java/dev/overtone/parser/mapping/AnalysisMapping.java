package dev.overtone.parser.mapping;

import dev.overtone.parser.analysis.Analysis;
import dev.overtone.parser.service.VariantsService;
import dev.overtone.proto.v1.AnalyzeResponse;
import dev.overtone.proto.v1.VariantsResult;
import dev.overtone.proto.v1.ColumnUse;
import dev.overtone.proto.v1.Slot;
import dev.overtone.proto.v1.SqlAnalysis;
import dev.overtone.proto.v1.TableUse;

/** Maps analysis values onto the proto messages. */
public final class AnalysisMapping {

    private AnalysisMapping() {
    }

    public static dev.overtone.proto.v1.Variant toProto(dev.overtone.parser.variants.Variant v) {
        dev.overtone.proto.v1.Variant.Builder b = dev.overtone.proto.v1.Variant.newBuilder().setSql(v.sql()).setFamily(v.family())
                .setSlotPath(v.slotPath()).setDescription(v.description()).setScore(v.score());
        if (v.analysis() != null) b.setAnalysis(sqlAnalysis(v.analysis()));
        return b.build();
    }

    public static VariantsResult toProto(VariantsService.SourceVariants source) {
        VariantsResult.Builder b = VariantsResult.newBuilder().setError(source.error());
        if (source.analysis() != null) b.setCanonicalSql(source.analysis().canonicalSql()).setAnalysis(sqlAnalysis(source.analysis()));
        source.variants().forEach(v -> b.addVariants(toProto(v)));
        return b.build();
    }

    /** What a reading's holder needs of its analysis: the slots, the canonical SQL, the tables and columns it reads. */
    public static SqlAnalysis sqlAnalysis(Analysis a) {
        SqlAnalysis.Builder b = SqlAnalysis.newBuilder().setCanonicalSql(a.canonicalSql());
        a.slots().forEach(s -> b.addSlots(slot(s)));
        a.tables().forEach(t -> b.addTables(tableUse(t)));
        a.columns().forEach(c -> b.addColumns(columnUse(c)));
        return b.build();
    }

    private static TableUse tableUse(Analysis.TableUsage t) {
        return TableUse.newBuilder().setName(t.name()).addAllAliases(t.aliases()).build();
    }

    private static ColumnUse columnUse(Analysis.ColumnUsage c) {
        return ColumnUse.newBuilder().setTable(c.table()).setColumn(c.column()).addAllClauses(c.clauses()).build();
    }

    private static Slot slot(Analysis.SlotValue s) {
        return Slot.newBuilder().setPath(s.path()).setKind(s.kind()).setValue(s.value()).setLabel(s.label())
                .addAllSchemaElements(s.schemaElements()).build();
    }

    public static AnalyzeResponse toProto(Analysis a) {
        AnalyzeResponse.Builder b = AnalyzeResponse.newBuilder()
                .setTemplate(a.template()).setCanonicalSql(a.canonicalSql()).addAllUnknownNames(a.unknownNames());
        a.tables().forEach(t -> b.addTables(tableUse(t)));
        a.columns().forEach(c -> b.addColumns(columnUse(c)));
        a.slots().forEach(s -> b.addSlots(slot(s)));
        return b.build();
    }
}
