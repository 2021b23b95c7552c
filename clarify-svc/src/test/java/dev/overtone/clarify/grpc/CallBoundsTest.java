package dev.overtone.clarify.grpc;

import static dev.overtone.clarify.grpc.ClarifyGrpcServiceTest.assertStatus;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.support.AgainstRecordedParser;
import dev.overtone.clarify.support.EmbeddedPostgresResource;
import dev.overtone.clarify.support.HotelDialogue;
import dev.overtone.clarify.support.MemoryCalls;
import dev.overtone.clarify.support.RecordedParserTest;
import dev.overtone.proto.v1.Candidate;
import dev.overtone.proto.v1.ClarifyServiceGrpc;
import dev.overtone.proto.v1.OptionKind;
import dev.overtone.proto.v1.Slot;
import dev.overtone.proto.v1.SlotKind;
import dev.overtone.proto.v1.SqlAnalysis;
import dev.overtone.proto.v1.StartRequest;
import dev.overtone.proto.v1.Turn;
import io.grpc.Status;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.QuarkusTestResource;
import org.junit.jupiter.api.Test;

/**
 * What one call may ask of the dialogue's work, over gRPC with the default bounds: at each bound the call is answered,
 * one past it is INVALID_ARGUMENT naming the knob, before the work it bounds (a 3 MB reply took 6.5 s to map; a 160 KB
 * question 33 s to start; 2,000 candidates with 100 slot paths each of their own, 12 s and 2.8 GB of heap).
 */
@RecordedParserTest
@QuarkusTestResource(EmbeddedPostgresResource.class)
class CallBoundsTest extends AgainstRecordedParser {
    private static final int MAX_QUESTION_LENGTH = 2000;
    private static final int MAX_FORK_CELLS = 100_000;
    private static final int MAX_FORK_VALUES = 2000;
    private static final int MAX_NAME_LENGTH = 256;

    @GrpcClient("clarify")
    ClarifyServiceGrpc.ClarifyServiceBlockingStub clarify;

    @Test
    void aQuestionPastItsBoundIsRefusedByStartChooseAndRecall() {
        String tenant = MemoryCalls.newTenant();
        String atBound = question(MAX_QUESTION_LENGTH);
        String past = question(MAX_QUESTION_LENGTH + 1);

        Turn first = clarify.start(HotelDialogue.start().toBuilder().setQuestion(atBound).build());
        assertThat(first.hasQuestion()).isTrue();

        String refused = "the question has 2001 characters; the limit is 2000 (overtone.clarify.limits.max-question-length)";
        assertStatus(() -> clarify.start(HotelDialogue.start().toBuilder().setQuestion(past).build()), Status.Code.INVALID_ARGUMENT, refused);
        assertStatus(() -> clarify.choose(MemoryCalls.choose(tenant, "hotels", "stars").toBuilder().setQuestion(past).build()),
                Status.Code.INVALID_ARGUMENT, refused);
        assertStatus(() -> clarify.recall(MemoryCalls.recall(tenant, "hotels", past)), Status.Code.INVALID_ARGUMENT, refused);
        assertThat(MemoryCalls.storedChoices(tenant)).isZero();
    }

    @Test
    void aTenantOrDatabaseNamePastItsBoundIsRefusedByEveryCallThatNamesIt() {
        String tenant = name(MemoryCalls.newTenant(), MAX_NAME_LENGTH);
        String database = name("hotels", MAX_NAME_LENGTH);
        assertThat(clarify.choose(MemoryCalls.choose(tenant, database, "stars")).getRememberedList()).isNotEmpty();
        assertThat(clarify.recall(MemoryCalls.recall(tenant, database, "return the rating of each hotel")).getAppliedList()).isNotEmpty();

        String longTenant = name(MemoryCalls.newTenant(), MAX_NAME_LENGTH + 1);
        String longDatabase = name("hotels", MAX_NAME_LENGTH + 1);
        String tenantRefused = "the tenant name has 257 characters; memory takes at most 256";
        String databaseRefused = "the database name has 257 characters; memory takes at most 256";
        assertStatus(() -> clarify.choose(MemoryCalls.choose(longTenant, "hotels", "stars")), Status.Code.INVALID_ARGUMENT, tenantRefused);
        assertStatus(() -> clarify.choose(MemoryCalls.choose(tenant, longDatabase, "stars")), Status.Code.INVALID_ARGUMENT, databaseRefused);
        assertStatus(() -> clarify.start(MemoryCalls.start(longTenant, "hotels")), Status.Code.INVALID_ARGUMENT, tenantRefused);
        assertStatus(() -> clarify.start(MemoryCalls.start(tenant, longDatabase)), Status.Code.INVALID_ARGUMENT, databaseRefused);
        assertStatus(() -> clarify.recall(MemoryCalls.recall(longTenant, "hotels", "return the rating of each hotel")),
                Status.Code.INVALID_ARGUMENT, tenantRefused);
        assertStatus(() -> clarify.listChoices(MemoryCalls.list(tenant, longDatabase)), Status.Code.INVALID_ARGUMENT, databaseRefused);
        assertStatus(() -> clarify.forget(MemoryCalls.forget(longTenant, "", "")), Status.Code.INVALID_ARGUMENT, tenantRefused);
        assertThat(MemoryCalls.storedChoices(longTenant)).isZero();
        assertThat(MemoryCalls.storedChoices(tenant)).isPositive();
    }

    @Test
    void aReplyPastItsBoundIsRefusedAndTheTurnWaitsForAnother() {
        String session = clarify.start(HotelDialogue.start()).getSessionId();

        assertStatus(() -> clarify.answer(HotelDialogue.text(session, 1, "the stars " + "x".repeat(1991))), Status.Code.INVALID_ARGUMENT,
                "the reply's free_text has 2001 characters; the limit is 2000 (overtone.clarify.limits.max-reply-length)");
        Turn second = clarify.answer(HotelDialogue.text(session, 1, "the stars " + "x".repeat(1990)));

        assertThat(second.getNumber()).isEqualTo(2);
    }

    @Test
    void candidatesWhoseForkTableIsPastItsBoundAreRefused() {
        // two readings over one shared path and 49,999 of their own: 2 readings × 50,000 distinct paths, the bound
        Turn atBound = clarify.start(twoReadingsWithOwnPaths(25_000, 24_999));
        assertThat(atBound.getQuestion().getOptionsList()).filteredOn(o -> o.getKind() == OptionKind.OPTION_KIND_VALUE).hasSize(2);

        assertStatus(() -> clarify.start(twoReadingsWithOwnPaths(25_000, 25_000)), Status.Code.INVALID_ARGUMENT,
                "the candidates' slots hold 50001 distinct slot paths over 2 readings, a fork table of 100002 cells; "
                        + "the limit is " + MAX_FORK_CELLS + " (overtone.clarify.limits.max-fork-cells)");
    }

    @Test
    void candidatesWhoseForksHoldTooManyValuesAreRefused() {
        // n readings: one fork of n values (each its own column) and one of 2 (the first reading's condition): n + 2 values
        Turn atBound = clarify.start(readingsOfTwoForks(MAX_FORK_VALUES - 2));
        assertThat(atBound.hasQuestion()).isTrue();

        assertStatus(() -> clarify.start(readingsOfTwoForks(MAX_FORK_VALUES - 1)), Status.Code.INVALID_ARGUMENT,
                "the candidates differ in 2 forks holding 2001 values in all; the limit is 2000 (overtone.clarify.limits.max-fork-values)");
    }

    /** A question of exactly this many characters, of words the readings do not name. */
    /** {@code start} filled up to {@code length} characters. */
    private static String name(String start, int length) {
        return start + "x".repeat(length - start.length());
    }

    private static String question(int length) {
        StringBuilder q = new StringBuilder(HotelDialogue.QUESTION);
        for (int i = 0; q.length() < length; i++) {
            q.append(" word").append(i);
        }
        return q.substring(0, length);
    }

    private static StartRequest readingsOfTwoForks(int readings) {
        StartRequest.Builder start = StartRequest.newBuilder().setQuestion(HotelDialogue.QUESTION);
        for (int i = 0; i < readings; i++) {
            SqlAnalysis.Builder analysis = SqlAnalysis.newBuilder()
                    .addSlots(Slot.newBuilder().setPath("select[0]").setKind(SlotKind.SLOT_KIND_SELECT_ITEM).setValue("hotels.c" + i))
                    .addSlots(Slot.newBuilder().setPath("where").setKind(SlotKind.SLOT_KIND_WHERE).setValue(i == 0 ? "hotels.stars > 3" : "hotels.stars > 4"));
            start.addCandidates(Candidate.newBuilder().setId("r" + i).setSql("SELECT hotels.c" + i + " FROM hotels").setAnalysis(analysis));
        }
        return start.build();
    }

    /** The stars and score readings: each a select slot at the same path, and this many where-slots of its own. */
    private static StartRequest twoReadingsWithOwnPaths(int starsPaths, int scorePaths) {
        StartRequest.Builder start = StartRequest.newBuilder().setQuestion(HotelDialogue.QUESTION);
        for (String column : new String[] {"stars", "score"}) {
            int ownPaths = column.equals("stars") ? starsPaths : scorePaths;
            SqlAnalysis.Builder analysis = SqlAnalysis.newBuilder().addSlots(Slot.newBuilder().setPath("select[0]")
                    .setKind(SlotKind.SLOT_KIND_SELECT_ITEM).setValue("hotels." + column).addSchemaElements("hotels." + column));
            for (int p = 0; p < ownPaths; p++) {
                analysis.addSlots(Slot.newBuilder().setPath("where/" + column + "[" + p + "]").setKind(SlotKind.SLOT_KIND_WHERE).setValue("x"));
            }
            start.addCandidates(Candidate.newBuilder().setId(column).setSql("SELECT hotels." + column + " FROM hotels").setAnalysis(analysis));
        }
        return start.build();
    }
}
