package dev.overtone.parser.mapping;

import dev.overtone.parser.analysis.Analysis;
import dev.overtone.parser.service.VariantsService;
import dev.overtone.proto.v1.AnalyzeResponse;
import dev.overtone.proto.v1.VariantsResult;
import dev.overtone.proto.v1.ColumnUse;
import dev.overtone.proto.v1.Slot;
import dev.overtone.proto.v1.TableUse;

/** Maps analysis values onto the proto messages. */
public final class AnalysisMapping {

    private AnalysisMapping() {
    }

    public static dev.overtone.proto.v1.Variant toProto(dev.overtone.parser.variants.Variant v) {
        return dev.overtone.proto.v1.Variant.newBuilder().setSql(v.sql()).setFamily(v.family()).setSlotPath(v.slotPath())
                .setDescription(v.description()).setScore(v.score()).build();
    }

    public static VariantsResult toProto(VariantsService.SourceVariants source) {
        VariantsResult.Builder b = VariantsResult.newBuilder().setCanonicalSql(source.canonicalSql()).setError(source.error());
        source.variants().forEach(v -> b.addVariants(toProto(v)));
        return b.build();
    }

    public static AnalyzeResponse toProto(Analysis a) {
        AnalyzeResponse.Builder b = AnalyzeResponse.newBuilder()
                .setTemplate(a.template()).setCanonicalSql(a.canonicalSql()).addAllUnknownNames(a.unknownNames());
        a.tables().forEach(t -> b.addTables(TableUse.newBuilder().setName(t.name()).addAllAliases(t.aliases())));
        a.columns().forEach(c -> b.addColumns(ColumnUse.newBuilder().setTable(c.table()).setColumn(c.column()).addAllClauses(c.clauses())));
        a.slots().forEach(s -> b.addSlots(Slot.newBuilder().setPath(s.path()).setKind(s.kind()).setValue(s.value())
                .setLabel(s.label()).addAllSchemaElements(s.schemaElements())));
        return b.build();
    }
}
