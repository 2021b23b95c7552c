package dev.overtone.parser.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.parser.analysis.Analysis;
import dev.overtone.parser.analysis.Schemas;
import dev.overtone.parser.analysis.SqlAnalyzer;
import dev.overtone.parser.service.VariantsService;
import dev.overtone.parser.variants.Variant;
import dev.overtone.proto.v1.AnalyzeResponse;
import dev.overtone.proto.v1.VariantsResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/** An analysis onto the wire whole: every slot, table (with its aliases) and column (with its clauses), nothing added. */
class AnalysisMappingTest {
    private static final Analysis ANALYSIS = new SqlAnalyzer().analyze(
            "SELECT h.name FROM hotels h WHERE h.stars >= 4 AND nickname = 'x'", Schemas.hotels());

    @Test
    void anAnalyzeAnswerCarriesTheTemplateTheUnknownNamesAndEverySlotTableAndColumn() {
        AnalyzeResponse response = AnalysisMapping.toProto(ANALYSIS);

        assertThat(response.getTemplate()).isEqualTo(ANALYSIS.template());
        assertThat(response.getCanonicalSql()).isEqualTo(ANALYSIS.canonicalSql());
        assertThat(response.getUnknownNamesList()).containsExactlyElementsOf(ANALYSIS.unknownNames()).isNotEmpty();
        assertThat(response.getTablesList()).singleElement().satisfies(table -> {
            assertThat(table.getName()).isEqualTo("hotels");
            assertThat(table.getAliasesList()).containsExactly("h");
        });
        assertThat(response.getColumnsList()).anySatisfy(column -> {
            assertThat(column.getTable() + "." + column.getColumn()).isEqualTo("hotels.stars");
            assertThat(column.getClausesList()).containsExactly("where");
        });
        assertThat(response.getSlotsList()).extracting(slot -> slot.getPath() + "=" + slot.getValue() + " "
                + slot.getKind() + " " + slot.getLabel() + " " + slot.getSchemaElementsList())
                .containsExactlyElementsOf(ANALYSIS.slots().stream().map(s -> s.path() + "=" + s.value() + " "
                        + s.kind() + " " + s.label() + " " + s.schemaElements()).toList());
    }

    @Test
    void aVariantCarriesItsAnalysisOnlyWhenItHasOne() {
        Variant proposed = new Variant("SELECT 1", Variant.COLUMN, "select[0]", "one", 0.5);
        assertThat(AnalysisMapping.toProto(proposed).hasAnalysis()).isFalse();

        Variant analysed = new Variant(ANALYSIS.canonicalSql(), Variant.TABLE, "from[0]", "the hotels", 0.25, ANALYSIS, null);
        dev.overtone.proto.v1.Variant wire = AnalysisMapping.toProto(analysed);
        assertThat(wire.getSql()).isEqualTo(ANALYSIS.canonicalSql());
        assertThat(wire.getFamily()).isEqualTo(Variant.TABLE);
        assertThat(wire.getSlotPath()).isEqualTo("from[0]");
        assertThat(wire.getDescription()).isEqualTo("the hotels");
        assertThat(wire.getScore()).isEqualTo(0.25);
        assertThat(wire.getAnalysis()).isEqualTo(AnalysisMapping.sqlAnalysis(ANALYSIS));
        assertThat(wire.getAnalysis().getSlotsCount()).isEqualTo(ANALYSIS.slots().size());
    }

    @Test
    void aSourceThatDidNotParseCarriesItsErrorAndNoAnalysis() {
        VariantsResult failed = AnalysisMapping.toProto(new VariantsService.SourceVariants(null, List.of(), "does not parse"));
        assertThat(failed.getError()).isEqualTo("does not parse");
        assertThat(failed.hasAnalysis()).isFalse();
        assertThat(failed.getCanonicalSql()).isEmpty();

        Variant one = new Variant("SELECT 1", Variant.COLUMN, "select[0]", "one", 0.5);
        VariantsResult parsed = AnalysisMapping.toProto(new VariantsService.SourceVariants(ANALYSIS, List.of(one), ""));
        assertThat(parsed.getCanonicalSql()).isEqualTo(ANALYSIS.canonicalSql());
        assertThat(parsed.getAnalysis().getTablesCount()).isEqualTo(1);
        assertThat(parsed.getVariantsList()).extracting(dev.overtone.proto.v1.Variant::getSql).containsExactly("SELECT 1");
    }
}
