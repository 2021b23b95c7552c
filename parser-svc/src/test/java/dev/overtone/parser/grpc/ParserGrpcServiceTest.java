package dev.overtone.parser.grpc;

import dev.overtone.proto.v1.AnalyzeBatchRequest;
import dev.overtone.proto.v1.AnalyzeBatchResponse;
import dev.overtone.proto.v1.AnalyzeRequest;
import dev.overtone.proto.v1.SqlAnalysis;
import dev.overtone.proto.v1.VariantsBatchRequest;
import dev.overtone.proto.v1.VariantsBatchResponse;
import dev.overtone.proto.v1.AnalyzeResponse;
import dev.overtone.proto.v1.NormalizeRequest;
import dev.overtone.proto.v1.ParseRequest;
import dev.overtone.proto.v1.ParserService;
import dev.overtone.proto.v1.RepairKind;
import dev.overtone.proto.v1.RepairRequest;
import dev.overtone.proto.v1.RepairResponse;
import dev.overtone.proto.v1.RepairedSql;
import dev.overtone.proto.v1.Slot;
import dev.overtone.proto.v1.Variant;
import dev.overtone.proto.v1.VariantsRequest;
import dev.overtone.proto.v1.VerbalizeRequest;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import org.assertj.core.api.Condition;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** The RPCs over real gRPC, with no LLM configured. */
@QuarkusTest
class ParserGrpcServiceTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @GrpcClient("parser")
    ParserService client;

    /** The status the call is refused with (the test fails when it answers). */
    private static Status refusal(Supplier<Uni<?>> call) {
        StatusRuntimeException refused = catchThrowableOfType(() -> call.get().await().atMost(WAIT), StatusRuntimeException.class);
        assertThat(refused).as("the call is refused with a gRPC status").isNotNull();
        return refused.getStatus();
    }

    private static Condition<Status> code(Status.Code code) {
        return new Condition<>(status -> status.getCode() == code, "code %s", code);
    }

    @Test
    void analyzeResolvesAliasesIntoSlots() {
        AnalyzeResponse r = client.analyze(AnalyzeRequest.newBuilder()
                .setSql("SELECT h.name FROM hotels h WHERE h.stars == 5").setSchema(TestSchemas.hotels()).build()).await().atMost(WAIT);
        assertThat(r.getSlotsList()).extracting(Slot::getPath, Slot::getValue)
                .contains(org.assertj.core.groups.Tuple.tuple("select[0]", "hotels.name"), org.assertj.core.groups.Tuple.tuple("where", "hotels.stars = 5"));
        assertThat(r.getTablesList().get(0).getAliasesList()).containsExactly("h");
        assertThat(r.getTemplate()).contains("tab").contains("num");
    }

    @Test
    void unparsableSqlIsInvalidArgumentWithThePosition() {
        assertThat(refusal(() -> client.analyze(AnalyzeRequest.newBuilder().setSql("SELECT name\nFROM hotels WHERE WHERE").build())))
                .has(code(Status.Code.INVALID_ARGUMENT))
                .extracting(Status::getDescription).asString().contains("line 2");
    }

    @Test
    void variantsComeRankedWithFamilyAndSlot() {
        var r = client.variants(VariantsRequest.newBuilder().setSchema(TestSchemas.hotels()).setQuestion("5 or 4 star hotels named Grand")
                .setSql("SELECT name FROM hotels WHERE stars IN (4, 5) AND name = 'Grand'").build()).await().atMost(WAIT);
        assertThat(r.getVariantsList()).isNotEmpty();
        assertThat(r.getVariantsList()).extracting(Variant::getFamily).contains("attachment");
        assertThat(r.getVariantsList()).allSatisfy(v -> assertThat(v.getDescription()).isNotBlank());
    }

    @Test
    void variantsAreInTheCanonicalFormAnalyzeGivesAndCarryItsSlots() {
        var r = client.variants(VariantsRequest.newBuilder().setSchema(TestSchemas.hotels()).setQuestion("5 or 4 star hotels named Grand")
                .setSql("SELECT name FROM hotels WHERE stars IN (4, 5) AND name = 'Grand'").build()).await().atMost(WAIT);
        assertThat(r.getVariantsList()).isNotEmpty().allSatisfy(v -> {
            AnalyzeResponse analysed = analyze(v.getSql());
            assertThat(analysed.getCanonicalSql()).isEqualTo(v.getSql());
            assertThat(v.getAnalysis()).isEqualTo(carried(analysed));
        });
    }

    private AnalyzeResponse analyze(String sql) {
        return client.analyze(AnalyzeRequest.newBuilder().setSql(sql).setSchema(TestSchemas.hotels()).build()).await().atMost(WAIT);
    }

    /** What a holder of the analysis keeps of Analyze's answer. */
    private static SqlAnalysis carried(AnalyzeResponse a) {
        return SqlAnalysis.newBuilder().addAllSlots(a.getSlotsList()).setCanonicalSql(a.getCanonicalSql())
                .addAllTables(a.getTablesList()).addAllColumns(a.getColumnsList()).build();
    }

    @Test
    void analyzeBatchAnswersEachSqlInOrderAsAnalyzeDoesAndKeepsABadOneToItself() {
        String good = "SELECT h.name FROM hotels h WHERE h.stars == 5";
        String other = "SELECT name, stars FROM hotels";
        AnalyzeBatchResponse r = client.analyzeBatch(AnalyzeBatchRequest.newBuilder().setSchema(TestSchemas.hotels())
                .addSqls(good).addSqls("SELECT name\nFROM hotels WHERE WHERE").addSqls(other).build()).await().atMost(WAIT);
        assertThat(r.getResultsList()).hasSize(3);
        assertThat(r.getResults(0).getAnalysis()).isEqualTo(client.analyze(AnalyzeRequest.newBuilder().setSql(good)
                .setSchema(TestSchemas.hotels()).build()).await().atMost(WAIT));
        assertThat(r.getResults(1).hasAnalysis()).isFalse();
        assertThat(r.getResults(1).getError()).contains("line 2");
        assertThat(r.getResults(2).getAnalysis().getCanonicalSql()).isEqualTo(other);
    }

    @Test
    void variantsBatchGivesEachSourceItsAnalysisAndTheVariantsVariantsGives() {
        String sql = "SELECT name FROM hotels WHERE stars IN (4, 5) AND name = 'Grand'";
        String question = "5 or 4 star hotels named Grand";
        VariantsBatchResponse r = client.variantsBatch(VariantsBatchRequest.newBuilder().setSchema(TestSchemas.hotels())
                .setQuestion(question).addSqls(sql).addSqls("SELECT FROM WHERE").build()).await().atMost(WAIT);
        assertThat(r.getResultsList()).hasSize(2);
        assertThat(r.getResults(0).getCanonicalSql()).isEqualTo(analyze(sql).getCanonicalSql());
        assertThat(r.getResults(0).getAnalysis()).isEqualTo(carried(analyze(sql)));
        assertThat(r.getResults(0).getVariantsList()).isNotEmpty().isEqualTo(client.variants(VariantsRequest.newBuilder()
                .setSchema(TestSchemas.hotels()).setQuestion(question).setSql(sql).build()).await().atMost(WAIT).getVariantsList());
        assertThat(r.getResults(0).getError()).isEmpty();
        assertThat(r.getResults(1).getVariantsList()).isEmpty();
        assertThat(r.getResults(1).getError()).isNotBlank();
        assertThat(r.getResults(1).hasAnalysis()).isFalse();
    }

    @Test
    void variantsBatchCombinesTwoReadingsThatEachListAPartUnderTheFirst() {
        VariantsBatchRequest.Builder request = VariantsBatchRequest.newBuilder().setSchema(TestSchemas.hotels())
                .setQuestion("the hotel named Grand and the one named Lido, in one table")
                .addSqls("SELECT name, stars FROM hotels WHERE name = 'Grand'").addSqls("SELECT name FROM hotels WHERE name = 'Lido'");
        VariantsBatchResponse r = client.variantsBatch(request.build()).await().atMost(WAIT);
        String union = "SELECT name FROM hotels WHERE name = 'Grand' UNION SELECT name FROM hotels WHERE name = 'Lido'";
        assertThat(r.getResults(0).getVariantsList()).filteredOn(v -> v.getFamily().equals("combination"))
                .singleElement().satisfies(v -> {
                    assertThat(v.getSql()).isEqualTo(analyze(union).getCanonicalSql());
                    assertThat(v.getAnalysis().getCanonicalSql()).isEqualTo(v.getSql());
                });
        assertThat(r.getResults(1).getVariantsList()).noneMatch(v -> v.getFamily().equals("combination"));
        // the second reading as a partner: combined with, not varied, no result of its own
        VariantsBatchResponse withPartner = client.variantsBatch(VariantsBatchRequest.newBuilder().setSchema(TestSchemas.hotels())
                .setQuestion(request.getQuestion()).addSqls(request.getSqls(0)).addPartners(request.getSqls(1)).build()).await().atMost(WAIT);
        assertThat(withPartner.getResultsList()).hasSize(1);
        assertThat(withPartner.getResults(0).getVariantsList()).filteredOn(v -> v.getFamily().equals("combination"))
                .extracting(Variant::getSql).containsExactly(analyze(union).getCanonicalSql());
        VariantsBatchResponse scopeOnly = client.variantsBatch(request.addFamilies("scope").build()).await().atMost(WAIT);
        assertThat(scopeOnly.getResultsList()).allSatisfy(res -> assertThat(res.getVariantsList())
                .noneMatch(v -> v.getFamily().equals("combination")));
    }

    @Test
    void batchesWithoutSqlOrWithAnUnknownFamilyAreInvalid() {
        assertThat(refusal(() -> client.analyzeBatch(AnalyzeBatchRequest.getDefaultInstance())))
                .has(code(Status.Code.INVALID_ARGUMENT))
                .extracting(Status::getDescription).asString().contains("sqls");
        assertThat(refusal(() -> client.variantsBatch(VariantsBatchRequest.newBuilder().addSqls("SELECT name FROM hotels")
                .addFamilies("colour").build())))
                .has(code(Status.Code.INVALID_ARGUMENT))
                .extracting(Status::getDescription).asString().contains("colour");
    }

    @Test
    void verbalizeAndNormalize() {
        assertThat(client.verbalize(VerbalizeRequest.newBuilder().setSql("SELECT name, stars FROM hotels ORDER BY stars DESC").build())
                .await().atMost(WAIT).getText()).isEqualTo("the names and stars of all hotels, highest stars first");
        assertThat(client.verbalize(VerbalizeRequest.newBuilder().setSchema(TestSchemas.hotels())
                .setSql("SELECT h.name, AVG(r.score) AS rating FROM hotels h JOIN reviews r ON r.hotel_id = h.id GROUP BY h.id, h.name").build())
                .await().atMost(WAIT).getText()).isEqualTo("the name and average review score of each hotel");
        var n = client.normalize(NormalizeRequest.newBuilder().setSql("SELECT IFNULL(a, 0) FROM t WHERE b == \"x\"").setTargetDialect("postgresql").build())
                .await().atMost(WAIT);
        assertThat(n.getSql()).isEqualTo("SELECT COALESCE(a, 0) FROM t WHERE b = 'x'");
        assertThat(refusal(() -> client.normalize(NormalizeRequest.newBuilder().setSql("SELECT 1").setTargetDialect("oracle").build())))
                .has(code(Status.Code.INVALID_ARGUMENT));
    }

    @Test
    void parseWithoutAnLlmIsAFailedPreconditionSayingWhatToSet() {
        assertThat(refusal(() -> client.parse(ParseRequest.newBuilder().setInterpretation("names of hotels").setSchema(TestSchemas.hotels()).build())))
                .has(code(Status.Code.FAILED_PRECONDITION))
                .extracting(Status::getDescription).asString().contains("overtone.parser.llm.base-url");
    }

    @Test
    void repairQualifiesAnAmbiguousColumnOncePerTableAndReportsWhatItChanged() {
        String sql = "SELECT id, name FROM hotels JOIN reviews ON reviews.hotel_id = hotels.id";
        RepairResponse r = client.repair(RepairRequest.newBuilder().setSql(sql).setSchema(TestSchemas.hotels())
                .setErrorMessage("[SQLITE_ERROR] SQL error or missing database (ambiguous column name: id)").build()).await().atMost(WAIT);
        assertThat(r.getRepairsList()).extracting(RepairedSql::getSql).containsExactly(
                "SELECT hotels.id, name FROM hotels JOIN reviews ON reviews.hotel_id = hotels.id",
                "SELECT reviews.id, name FROM hotels JOIN reviews ON reviews.hotel_id = hotels.id");
        assertThat(r.getRepairsList()).allSatisfy(x -> {
            assertThat(x.getRepair().getKind()).isEqualTo(RepairKind.REPAIR_KIND_QUALIFIED_AMBIGUOUS_COLUMN);
            assertThat(x.getRepair().getOriginalSql()).isEqualTo(sql);
            assertThat(x.getRepair().getEngineMessage()).contains("ambiguous column name: id");
            assertThat(x.getRepair().getReplaced()).isEqualTo("id");
        });
    }

    @Test
    void repairSaysWhyWhenNothingCanBeMendedAndRejectsAnEmptyError() {
        RepairResponse r = client.repair(RepairRequest.newBuilder().setSql("SELECT name FROM hotels").setSchema(TestSchemas.hotels())
                .setErrorMessage("database is locked").build()).await().atMost(WAIT);
        assertThat(r.getRepairsList()).isEmpty();
        assertThat(r.getUnrepairedReason()).contains("no LLM is configured");
        assertThat(refusal(() -> client.repair(RepairRequest.newBuilder().setSql("SELECT name FROM hotels").build())))
                .has(code(Status.Code.INVALID_ARGUMENT))
                .extracting(Status::getDescription).asString().contains("error_message");
    }

    @Test
    void aStatementBeyondWhatParserSvcReadsIsInvalidArgumentNamingTheBoundAndInABatchItsOwnError() {
        String deep = "SELECT name FROM hotels WHERE stars = " + "(".repeat(1500) + "1" + ")".repeat(1500);
        assertThat(refusal(() -> client.analyze(AnalyzeRequest.newBuilder().setSql(deep).setSchema(TestSchemas.hotels()).build())))
                .has(code(Status.Code.INVALID_ARGUMENT))
                .extracting(Status::getDescription).asString().startsWith("parentheses and CASE nest deeper than 100 levels");
        String chained = "SELECT name FROM hotels WHERE " + String.join(" AND ", java.util.Collections.nCopies(5000, "stars = 1"));
        assertThat(refusal(() -> client.verbalize(VerbalizeRequest.newBuilder().setSql(chained).setSchema(TestSchemas.hotels()).build())))
                .has(code(Status.Code.INVALID_ARGUMENT))
                .extracting(Status::getDescription).asString().startsWith("an expression chains more than 1,000 operators");
        AnalyzeBatchResponse batch = client.analyzeBatch(AnalyzeBatchRequest.newBuilder().setSchema(TestSchemas.hotels())
                .addSqls(chained).addSqls("SELECT name FROM hotels").build()).await().atMost(WAIT);
        assertThat(batch.getResults(0).getError()).startsWith("an expression chains more than 1,000 operators");
        assertThat(batch.getResults(1).getAnalysis().getTablesList()).isNotEmpty();
    }

    @Test
    void aStatementAtEveryBoundIsWorkedThroughByEachRpc() {
        String conditions = String.join(" AND ", java.util.Collections.nCopies(500, "stars = 1"));
        String sql = "SELECT name FROM hotels WHERE stars IN " + "(".repeat(99) + "SELECT stars FROM hotels WHERE " + conditions
                + ")".repeat(99);
        assertThat(client.analyze(AnalyzeRequest.newBuilder().setSql(sql).setSchema(TestSchemas.hotels()).build()).await().atMost(WAIT)
                .getTablesList()).isNotEmpty();
        assertThat(client.variants(VariantsRequest.newBuilder().setSql(sql).setSchema(TestSchemas.hotels()).setQuestion("hotels with stars")
                .build()).await().atMost(WAIT)).isNotNull();
        assertThat(client.verbalize(VerbalizeRequest.newBuilder().setSql(sql).setSchema(TestSchemas.hotels()).build()).await().atMost(WAIT)
                .getText()).isNotBlank();
        RepairResponse repaired = client.repair(RepairRequest.newBuilder().setSql(sql.replace("stars = 1", "star = 1"))
                .setSchema(TestSchemas.hotels()).setErrorMessage("no such column: star").build()).await().atMost(WAIT);
        assertThat(repaired.getRepairsList()).as(repaired.getUnrepairedReason()).isNotEmpty();
    }
}
