package dev.overtone.clarify.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.support.EmbeddedPostgresResource;
import dev.overtone.clarify.support.HotelDialogue;
import dev.overtone.clarify.support.MemoryCalls;
import dev.overtone.clarify.support.RecordedParserTest;
import dev.overtone.clarify.support.StoredRows;
import dev.overtone.proto.v1.AnswerRequest;
import dev.overtone.proto.v1.ChoiceSource;
import dev.overtone.proto.v1.ClarifyOptions;
import dev.overtone.proto.v1.ClarifyServiceGrpc;
import dev.overtone.proto.v1.GetRequest;
import dev.overtone.proto.v1.MemoryToken;
import dev.overtone.proto.v1.RecallResponse;
import dev.overtone.proto.v1.RememberedChoice;
import dev.overtone.proto.v1.ResolutionReason;
import dev.overtone.proto.v1.StartRequest;
import dev.overtone.proto.v1.Turn;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.QuarkusTestResource;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A dialogue remembers what the person answered, and the next Start of the same tenant and database uses it: it
 * resolves without a question and says why; another tenant, another database, a question that names a reading and
 * ignore_memory get the very turn they would get without memory.
 */
@RecordedParserTest
@QuarkusTestResource(EmbeddedPostgresResource.class)
class MemoryDialogueTest {
    private static final String STAR_QUESTION = "Return the star rating of each hotel";

    @GrpcClient("clarify")
    ClarifyServiceGrpc.ClarifyServiceBlockingStub clarify;

    /** The tenant's person answers "the average review score" to "By 'rating', ...?" in database hotels. */
    private String tenantWhoChoseTheScore() {
        String tenant = MemoryCalls.newTenant();
        Turn asked = clarify.start(MemoryCalls.start(tenant, "hotels"));
        assertThat(asked.getQuestion().getText()).startsWith("By 'rating'");
        Turn resolved = clarify.answer(HotelDialogue.text(asked.getSessionId(), 1, "the average review score"));
        assertThat(resolved.getResolution().getCandidateId()).isEqualTo("score");
        assertThat(resolved.getResolution().getReason()).isEqualTo(ResolutionReason.RESOLUTION_REASON_THRESHOLD);
        return tenant;
    }

    @Test
    void aResolvedDialogueIsRememberedAndTheSameQuestionResolvesWithoutAQuestion() {
        String tenant = tenantWhoChoseTheScore();

        List<RememberedChoice> stored = clarify.listChoices(MemoryCalls.list(tenant, "hotels")).getChoicesList();
        // the fork asked about (not the condition nobody was asked about), the name shown beside the chosen column, and
        // the reading the person was given
        assertThat(stored).extracting(RememberedChoice::getClause).containsExactlyInAnyOrder("select", "select_beside", "reading");
        RememberedChoice choice = stored.stream().filter(c -> c.getClause().equals("select")).findFirst().orElseThrow();
        RememberedChoice reading = stored.stream().filter(c -> c.getClause().equals("reading")).findFirst().orElseThrow();
        assertThat(reading.getChosenValue()).isEqualTo(HotelDialogue.SCORE);
        assertThat(reading.getChosenLabel()).isEqualTo("each hotel's average review score");
        assertThat(choice.getClause()).isEqualTo("select");
        assertThat(choice.getPivotTerm()).isEqualTo("rating");
        assertThat(choice.getChosenValue()).isEqualTo("AVG(reviews.score)");
        assertThat(choice.getRejectedValuesList()).containsExactly("hotels.stars");
        assertThat(choice.getSource()).isEqualTo(ChoiceSource.CHOICE_SOURCE_DIALOGUE);
        assertThat(choice.getQuestion()).isEqualTo(HotelDialogue.QUESTION);

        Turn again = clarify.start(MemoryCalls.start(tenant, "hotels"));

        assertThat(again.hasResolution()).isTrue();
        assertThat(again.getResolution().getCandidateId()).isEqualTo("score");
        assertThat(again.getResolution().getReason()).isEqualTo(ResolutionReason.RESOLUTION_REASON_REMEMBERED);
        assertThat(again.getResolution().getRememberedList()).extracting(RememberedChoice::getId).containsExactly(reading.getId());
        assertThat(again.getResolution().getRemembered(0).getExplanation()).isEqualTo("this question read as each hotel's average"
                + " review score: chosen in this database on " + LocalDate.now(ZoneOffset.UTC));
        assertThat(choice.getExplanation()).isEqualTo("'rating' read as the average review score (reviews.score): chosen in this"
                + " database on " + LocalDate.now(ZoneOffset.UTC));
        assertThat(again.getDistributionList()).extracting(d -> d.getProbability()).containsExactly(0.0, 1.0, 0.0);
        // the stored session says the same
        assertThat(clarify.get(GetRequest.newBuilder().setSessionId(again.getSessionId()).build()).getCurrent()).isEqualTo(again);
    }

    /**
     * As Choose does: the name the score's reading showed is remembered beside the score, its only companion. A session
     * Start stored before the readings' columns were kept (their column's default) remembers no such row.
     */
    @Test
    void aResolvedDialogueRemembersTheColumnsItsReadingShowedBesideTheChosenOne() {
        String tenant = tenantWhoChoseTheScore();

        assertThat(clarify.listChoices(MemoryCalls.list(tenant, "hotels")).getChoicesList())
                .filteredOn(c -> c.getClause().equals("select_beside")).singleElement().satisfies(beside -> {
                    assertThat(beside.getChosenValue()).isEqualTo("hotels.name");
                    assertThat(beside.getRejectedValuesList()).containsExactly("AVG(reviews.score)");
                    assertThat(beside.getPivotTerm()).isEqualTo("rating");
                    assertThat(beside.getSource()).isEqualTo(ChoiceSource.CHOICE_SOURCE_DIALOGUE);
                    assertThat(beside.getQuestion()).isEqualTo(HotelDialogue.QUESTION);
                });

        String earlier = MemoryCalls.newTenant();
        Turn asked = clarify.start(MemoryCalls.start(earlier, "hotels"));
        StoredRows.update("UPDATE clarify_candidate SET shown_columns = DEFAULT WHERE session_id = ?", UUID.fromString(asked.getSessionId()));
        assertThat(clarify.answer(HotelDialogue.text(asked.getSessionId(), 1, "the average review score")).getResolution().getCandidateId())
                .isEqualTo("score");
        assertThat(clarify.listChoices(MemoryCalls.list(earlier, "hotels")).getChoicesList()).extracting(RememberedChoice::getClause)
                .containsExactlyInAnyOrder("select", "reading");
    }

    /** Read-your-choice: the resolving Answer names the scope it remembered under; a retry of it, and Get, name it again. */
    @Test
    void theResolvingAnswerCarriesItsScopesTokenAndAReplayedAnswerTheSame() {
        String tenant = MemoryCalls.newTenant();
        Turn asked = clarify.start(MemoryCalls.start(tenant, "hotels"));
        AnswerRequest answer = HotelDialogue.text(asked.getSessionId(), 1, "the average review score");

        Turn resolved = clarify.answer(answer);
        Turn replayed = clarify.answer(answer);

        MemoryToken token = MemoryToken.newBuilder().setTenant(tenant).setDatabase("hotels").build();
        assertThat(asked.hasMemoryToken()).as("a question remembers nothing").isFalse();
        assertThat(resolved.getMemoryToken()).isEqualTo(token);
        assertThat(replayed.getMemoryToken()).isEqualTo(token);
        assertThat(clarify.get(GetRequest.newBuilder().setSessionId(resolved.getSessionId()).build()).getCurrent())
                .as("Get shows the turn the Answer returned, token and all").isEqualTo(resolved);
        Turn anonymous = clarify.start(HotelDialogue.start());
        assertThat(clarify.answer(HotelDialogue.text(anonymous.getSessionId(), 1, "the average review score")).hasMemoryToken())
                .as("a dialogue without tenant remembers nothing").isFalse();
    }

    @Test
    void anotherTenantAndAnotherDatabaseGetTheTurnThatMemoryOffGives() {
        String tenant = tenantWhoChoseTheScore();
        Turn memoryOff = MemoryCalls.withoutSession(clarify.start(HotelDialogue.start()));

        for (StartRequest elsewhere : List.of(MemoryCalls.start(MemoryCalls.newTenant(), "hotels"), MemoryCalls.start(tenant, "hotels-pg"))) {
            assertThat(MemoryCalls.withoutSession(clarify.start(elsewhere))).isEqualTo(memoryOff);
            RecallResponse recalled = clarify.recall(MemoryCalls.recall(elsewhere.getTenant(), elsewhere.getDatabase(), HotelDialogue.QUESTION));
            assertThat(recalled.getAppliedList()).isEmpty();
            assertThat(recalled.getConsistentCandidateIdsList()).containsExactly("stars", "score", "good-stars");
        }
    }

    @Test
    void aQuestionWhoseWordsNameAnotherReadingIsNotOverridden() {
        String tenant = tenantWhoChoseTheScore();
        StartRequest explicit = HotelDialogue.start().toBuilder().setQuestion(STAR_QUESTION).build();

        Turn withMemory = clarify.start(explicit.toBuilder().setTenant(tenant).setDatabase("hotels").build());

        assertThat(withMemory.hasQuestion()).isTrue();
        assertThat(MemoryCalls.withoutSession(withMemory)).isEqualTo(MemoryCalls.withoutSession(clarify.start(explicit)));
        assertThat(clarify.recall(MemoryCalls.recall(tenant, "hotels", STAR_QUESTION)).getAppliedList()).isEmpty();
    }

    @Test
    void ignoreMemoryAsksAgainAndTheAnswerIsStillRemembered() {
        String tenant = tenantWhoChoseTheScore();
        StartRequest explicitlyAsked = MemoryCalls.start(tenant, "hotels").toBuilder()
                .setOptions(ClarifyOptions.newBuilder().setConfidenceThreshold(0.9).setIgnoreMemory(true)).build();

        Turn asked = clarify.start(explicitlyAsked);

        assertThat(MemoryCalls.withoutSession(asked)).isEqualTo(MemoryCalls.withoutSession(clarify.start(HotelDialogue.start())));
        // the person now says the stars, and no condition: the fork's row now holds the stars (the latest answer wins),
        // and the name is remembered beside the stars, no longer beside the score
        Turn second = clarify.answer(HotelDialogue.text(asked.getSessionId(), 1, "the stars"));
        clarify.answer(HotelDialogue.text(asked.getSessionId(), second.getNumber(), "no condition"));
        List<RememberedChoice> stored = clarify.listChoices(MemoryCalls.list(tenant, "hotels")).getChoicesList();
        assertThat(stored).extracting(RememberedChoice::getChosenValue)
                .containsExactlyInAnyOrder("hotels.stars", "absent", "hotels.name", HotelDialogue.STARS);
        assertThat(stored).filteredOn(c -> c.getClause().equals("select_beside")).singleElement()
                .satisfies(c -> assertThat(c.getRejectedValuesList()).containsExactly("hotels.stars"));
        assertThat(MemoryCalls.storedChoices(tenant)).isEqualTo(4);
        assertThat(clarify.start(MemoryCalls.start(tenant, "hotels")).getResolution().getCandidateId()).isEqualTo("stars");
    }
}
