package dev.overtone.parser.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.parser.analysis.Schemas;
import dev.overtone.parser.config.ParserConfig;
import dev.overtone.proto.v1.RepairKind;
import dev.overtone.proto.v1.RepairResponse;
import dev.overtone.proto.v1.RepairedSql;
import org.junit.jupiter.api.Test;

/**
 * A refused SQL turned into what its error says it could mean, with the real analysis and a stand-in for the language
 * model: the structural repairs first, at most as many as asked (the default when none is), and only when they find
 * nothing the model's rewrite, if a model is configured and its answer is valid SQL on the schema.
 */
class RepairServiceTest {
    private static final String AMBIGUOUS = "SELECT country FROM performer JOIN performer_country"
            + " ON performer.performer_id = performer_country.performer_id";
    private static final String AMBIGUOUS_ERROR = "ambiguous column name: country";
    private static final String UNKNOWN = "SELECT xyzzy FROM performer";
    private static final String UNKNOWN_ERROR = "no such column: xyzzy";

    private StandInWriter writer;

    @Test
    void theStructuralRepairsComeFirstAtMostAsManyAsAskedAndTheModelIsNotAsked() {
        RepairResponse all = service(StandInWriter.none()).repair(AMBIGUOUS, AMBIGUOUS_ERROR, Schemas.performers(), "", 0);
        RepairResponse one = service(StandInWriter.none()).repair(AMBIGUOUS, AMBIGUOUS_ERROR, Schemas.performers(), "", 1);

        assertThat(all.getRepairsList()).extracting(RepairedSql::getSql).containsExactly(
                "SELECT performer.country FROM performer JOIN performer_country ON performer.performer_id = performer_country.performer_id",
                "SELECT performer_country.country FROM performer JOIN performer_country ON performer.performer_id = performer_country.performer_id");
        assertThat(all.getRepairs(0).getRepair().getKind()).isEqualTo(RepairKind.REPAIR_KIND_QUALIFIED_AMBIGUOUS_COLUMN);
        assertThat(all.getRepairs(0).getRepair().getOriginalSql()).isEqualTo(AMBIGUOUS);
        assertThat(all.getRepairs(0).getRepair().getEngineMessage()).isEqualTo(AMBIGUOUS_ERROR);
        assertThat(all.getRepairs(0).getRepair().getReplacement()).isEqualTo("performer.country");
        assertThat(one.getRepairsList()).hasSize(1);
        assertThat(writer.asked).as("calls to the model").isEmpty();
    }

    @Test
    void withoutAStructuralRepairOrAModelTheReasonIsSaid() {
        RepairResponse none = service(StandInWriter.none()).repair(UNKNOWN, UNKNOWN_ERROR, Schemas.performers(), "", 0);

        assertThat(none.getRepairsList()).isEmpty();
        assertThat(none.getUnrepairedReason()).isEqualTo("the error names no ambiguous column and no unknown name close to the"
                + " schema's, and no LLM is configured to rewrite the SQL");
    }

    @Test
    void withoutAStructuralRepairTheModelRewritesItToldTheEnginesError() {
        RepairResponse rewritten = service(StandInWriter.always("SELECT name FROM performer")).repair(UNKNOWN, UNKNOWN_ERROR,
                Schemas.performers(), "names of performers", 0);

        assertThat(rewritten.getRepairsList()).singleElement().satisfies(repair -> {
            assertThat(repair.getSql()).isEqualTo("SELECT name FROM performer");
            assertThat(repair.getRepair().getKind()).isEqualTo(RepairKind.REPAIR_KIND_LLM_REWRITE);
            assertThat(repair.getRepair().getDescription()).isEqualTo("rewritten by the LLM, told the database's error");
        });
        assertThat(writer.asked).singleElement().asString().contains(UNKNOWN_ERROR);
    }

    @Test
    void aModelThatGivesNoValidSqlLeavesItUnrepairedWithItsReason() {
        RepairResponse failed = service(StandInWriter.always("SELECT xyzzy FROM performer")).repair(UNKNOWN, UNKNOWN_ERROR,
                Schemas.performers(), "", 0);

        assertThat(failed.getRepairsList()).isEmpty();
        assertThat(failed.getUnrepairedReason()).startsWith("the LLM gave no valid rewrite: ");
        assertThat(writer.asked).as("asked, then asked again told why its answer was not valid").hasSize(2);
    }

    @Test
    void aRequestWithoutItsSqlOrTheEnginesMessageIsRefused() {
        assertThatThrownBy(() -> service(StandInWriter.none()).repair(" ", AMBIGUOUS_ERROR, Schemas.performers(), "", 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("sql is empty: pass the SQL that failed");
        assertThatThrownBy(() -> service(StandInWriter.none()).repair(AMBIGUOUS, "", Schemas.performers(), "", 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("error_message is empty: pass the engine's message for the failed SQL");
    }

    private RepairService service(StandInWriter model) {
        writer = model;
        ParserConfig config = StandInWriter.config();
        return new RepairService(config, new ParseService(model, config), new VariantsService(config));
    }
}
