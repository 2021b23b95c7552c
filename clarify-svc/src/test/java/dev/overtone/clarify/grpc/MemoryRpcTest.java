package dev.overtone.clarify.grpc;

import static dev.overtone.clarify.grpc.ClarifyGrpcServiceTest.assertStatus;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.support.EmbeddedPostgresResource;
import dev.overtone.clarify.support.HotelDialogue;
import dev.overtone.clarify.support.MemoryCalls;
import dev.overtone.clarify.support.RecordedParserTest;
import dev.overtone.proto.v1.Candidate;
import dev.overtone.proto.v1.ChoiceSource;
import dev.overtone.proto.v1.ChooseRequest;
import dev.overtone.proto.v1.ChooseResponse;
import dev.overtone.proto.v1.ClarifyServiceGrpc;
import dev.overtone.proto.v1.ForgetResponse;
import dev.overtone.proto.v1.ListChoicesRequest;
import dev.overtone.proto.v1.ListChoicesResponse;
import dev.overtone.proto.v1.MemoryToken;
import dev.overtone.proto.v1.MutinyClarifyServiceGrpc;
import dev.overtone.proto.v1.RecallRequest;
import dev.overtone.proto.v1.RecallResponse;
import dev.overtone.proto.v1.RememberedChoice;
import dev.overtone.proto.v1.Slot;
import dev.overtone.proto.v1.SlotKind;
import dev.overtone.proto.v1.SqlAnalysis;
import io.grpc.Status;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Choose, Recall, ListChoices and Forget over gRPC against a real PostgreSQL: isolation, pages, idempotence, errors. */
@RecordedParserTest
@QuarkusTestResource(EmbeddedPostgresResource.class)
class MemoryRpcTest {

    @GrpcClient("clarify")
    ClarifyServiceGrpc.ClarifyServiceBlockingStub clarify;

    @GrpcClient("clarify")
    MutinyClarifyServiceGrpc.MutinyClarifyServiceStub async;

    @Test
    void chooseRemembersEachForkAsTheChosenCandidateDecidesItAndRecallAppliesIt() {
        String tenant = MemoryCalls.newTenant();

        ChooseResponse chosen = clarify.choose(MemoryCalls.choose(tenant, "hotels", "score"));

        // the score, (the score having no condition) no condition rather than the one on stars, the name shown beside the
        // score, and the reading itself
        assertThat(chosen.getRememberedList()).extracting(RememberedChoice::getChosenValue)
                .containsExactly("AVG(reviews.score)", "absent", "hotels.name", HotelDialogue.SCORE);
        assertThat(chosen.getRememberedList()).extracting(RememberedChoice::getClause).containsExactly("select", "where", "select_beside", "reading");
        assertThat(chosen.getRemembered(0).getRejectedValuesList()).containsExactly("hotels.stars");
        assertThat(chosen.getRemembered(1).getRejectedValuesList()).containsExactly("hotels.stars > 3");
        assertThat(chosen.getRemembered(2).getRejectedValuesList()).containsExactly("AVG(reviews.score)");
        assertThat(chosen.getRemembered(3).getRejectedValuesList()).isEmpty();
        assertThat(chosen.getRemembered(3).getExplanation()).startsWith("this question read as each hotel's average review score: chosen");
        assertThat(chosen.getRememberedList()).allSatisfy(c -> {
            assertThat(c.getSource()).isEqualTo(ChoiceSource.CHOICE_SOURCE_CALLER);
            assertThat(Duration.between(Instant.parse(c.getChosenAt()), Instant.parse(c.getExpiresAt()))).isEqualTo(Duration.ofDays(180));
        });
        // read-your-choice: the scope written to, for the caller's next Interpret there
        assertThat(chosen.getMemoryToken()).isEqualTo(MemoryToken.newBuilder().setTenant(tenant).setDatabase("hotels").build());

        RecallResponse sameQuestion = clarify.recall(MemoryCalls.recall(tenant, "hotels", HotelDialogue.QUESTION).toBuilder()
                .clearCandidates().addAllCandidates(MemoryCalls.analysed(MemoryCalls.candidates())).build());
        // the same question: the reading chosen for it, whole
        assertThat(sameQuestion.getAppliedList()).extracting(a -> a.getChoice().getId()).containsExactly(chosen.getRemembered(3).getId());
        assertThat(sameQuestion.getApplied(0).getCandidateIdsList()).containsExactly("score");
        assertThat(sameQuestion.getConsistentCandidateIdsList()).containsExactly("score");
        // it holds until the first of the choices it was matched against expires (unless one is recorded or forgotten)
        assertThat(Instant.EPOCH.plus(sameQuestion.getValidUntilMicros(), ChronoUnit.MICROS))
                .isEqualTo(chosen.getRememberedList().stream().map(c -> Instant.parse(c.getExpiresAt())).min(Instant::compareTo).orElseThrow());

        // without the reading, the same question's forks one by one; read-your-forget: the scope forgotten in
        ForgetResponse forgot = clarify.forget(MemoryCalls.forget(tenant, "hotels", chosen.getRemembered(3).getId()));
        assertThat(forgot.getMemoryToken()).isEqualTo(MemoryToken.newBuilder().setTenant(tenant).setDatabase("hotels").build());
        RecallResponse recalled = clarify.recall(MemoryCalls.recall(tenant, "hotels", HotelDialogue.QUESTION).toBuilder()
                .clearCandidates().addAllCandidates(MemoryCalls.analysed(MemoryCalls.candidates())).build());
        assertThat(recalled.getAppliedList()).extracting(a -> a.getChoice().getId())
                .containsExactly(chosen.getRemembered(0).getId(), chosen.getRemembered(1).getId());
        assertThat(recalled.getAppliedList()).extracting(a -> List.copyOf(a.getCandidateIdsList()))
                .containsExactly(List.of("score"), List.of("stars", "score"));
        assertThat(recalled.getConsistentCandidateIdsList()).containsExactly("score");
        // another question: the column the tenant means by "rating" carries over, the choice of no condition does not
        RecallResponse other = clarify.recall(MemoryCalls.recall(tenant, "hotels", "which hotels have the best rating").toBuilder()
                .clearCandidates().addAllCandidates(MemoryCalls.analysed(MemoryCalls.candidates())).build());
        assertThat(other.getAppliedList()).extracting(a -> a.getChoice().getId()).containsExactly(chosen.getRemembered(0).getId());
        // without candidates, a Recall says only whether the database has any choice
        RecallResponse probe = clarify.recall(MemoryCalls.recall(tenant, "hotels", "anything at all").toBuilder().clearCandidates().build());
        assertThat(probe.getAnyRemembered()).isTrue();
        assertThat(probe.getAppliedList()).isEmpty();
        RecallResponse nothing = clarify.recall(MemoryCalls.recall(tenant, "crm", "q").toBuilder().clearCandidates().build());
        assertThat(nothing.getAnyRemembered()).isFalse();
        assertThat(nothing.getValidUntilMicros()).as("nothing remembered: no expiry to keep it by").isZero();
        // keyed by tenant and database both
        assertThat(clarify.recall(MemoryCalls.recall(MemoryCalls.newTenant(), "hotels", HotelDialogue.QUESTION)).getAnyRemembered()).isFalse();
        assertThat(clarify.recall(MemoryCalls.recall(MemoryCalls.newTenant(), "hotels", HotelDialogue.QUESTION)).getAppliedList()).isEmpty();
        assertThat(clarify.recall(MemoryCalls.recall(tenant, "crm", HotelDialogue.QUESTION)).getAppliedList()).isEmpty();
    }

    @Test
    void choosingAgainRefreshesTheSameRowsAndTwoAtOnceBothSucceed() {
        String tenant = MemoryCalls.newTenant();
        ChooseRequest score = MemoryCalls.choose(tenant, "hotels", "score");
        List<RememberedChoice> first = clarify.choose(score).getRememberedList();

        List<RememberedChoice> again = clarify.choose(score).getRememberedList();
        List<Uni<ChooseResponse>> racers = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            racers.add(async.choose(score));
        }
        List<ChooseResponse> raced = Uni.join().all(racers).andFailFast().await().atMost(Duration.ofSeconds(30));

        assertThat(again).extracting(RememberedChoice::getId).containsExactlyElementsOf(first.stream().map(RememberedChoice::getId).toList());
        assertThat(Instant.parse(again.get(0).getChosenAt())).isAfter(Instant.parse(first.get(0).getChosenAt()));
        assertThat(raced).allSatisfy(r -> assertThat(r.getRememberedList()).extracting(RememberedChoice::getId)
                .containsExactlyElementsOf(first.stream().map(RememberedChoice::getId).toList()));
        assertThat(MemoryCalls.storedChoices(tenant)).isEqualTo(4);
    }

    @Test
    void choosingTheOtherColumnOfAForkForgetsWhatWasShownBesideTheOldOne() {
        String tenant = MemoryCalls.newTenant();
        List<RememberedChoice> score = clarify.choose(MemoryCalls.choose(tenant, "hotels", "score")).getRememberedList();

        List<RememberedChoice> stars = clarify.choose(MemoryCalls.choose(tenant, "hotels", "good-stars")).getRememberedList();

        // the other way round is the same forks chosen anew: the same rows, now holding the stars; the name is now shown
        // beside the stars, a row of its own
        assertThat(stars).extracting(RememberedChoice::getId).containsSubsequence(score.get(0).getId(), score.get(1).getId(), score.get(3).getId())
                .doesNotContain(score.get(2).getId());
        assertThat(stars).extracting(RememberedChoice::getChosenValue).containsExactly("hotels.stars", "hotels.stars > 3", "hotels.name",
                HotelDialogue.GOOD_STARS);
        // the name shown beside the score went with the score: the listing says only what the latest choice showed
        List<RememberedChoice> listed = clarify.listChoices(MemoryCalls.list(tenant, "hotels")).getChoicesList();
        assertThat(listed).extracting(RememberedChoice::getId).containsExactlyInAnyOrderElementsOf(stars.stream().map(RememberedChoice::getId).toList());
        assertThat(listed).filteredOn(c -> c.getClause().equals("select_beside")).singleElement()
                .satisfies(c -> assertThat(c.getRejectedValuesList()).containsExactly("hotels.stars"));
        assertThat(MemoryCalls.storedChoices(tenant)).isEqualTo(4);
    }

    @Test
    void forgetOneAllOrEverywhereAndNeverAnotherTenants() {
        String tenant = MemoryCalls.newTenant();
        String other = MemoryCalls.newTenant();
        List<RememberedChoice> hotels = clarify.choose(MemoryCalls.choose(tenant, "hotels", "score")).getRememberedList();
        clarify.choose(MemoryCalls.choose(tenant, "hotels-pg", "score"));
        RememberedChoice others = clarify.choose(MemoryCalls.choose(other, "hotels", "score")).getRemembered(0);

        assertStatus(() -> clarify.forget(MemoryCalls.forget(tenant, "", others.getId())), Status.Code.NOT_FOUND, "has no remembered choice");
        assertStatus(() -> clarify.forget(MemoryCalls.forget(tenant, "", "nope")), Status.Code.NOT_FOUND, "nope");
        // the chosen column takes the name shown beside it along (named by database or not); the other forks stay
        assertThat(clarify.forget(MemoryCalls.forget(tenant, "", hotels.get(0).getId())).getForgotten()).isEqualTo(2);
        assertThat(clarify.listChoices(MemoryCalls.list(tenant, "hotels")).getChoicesList()).extracting(RememberedChoice::getId)
                .containsExactlyInAnyOrder(hotels.get(1).getId(), hotels.get(3).getId());
        assertThat(clarify.forget(MemoryCalls.forget(tenant, "hotels", hotels.get(1).getId())).getForgotten()).isEqualTo(1);
        assertThat(clarify.forget(MemoryCalls.forget(tenant, "hotels", "")).getForgotten()).isEqualTo(1);
        assertThat(clarify.listChoices(MemoryCalls.list(tenant, "")).getChoicesList()).extracting(RememberedChoice::getDatabase)
                .containsOnly("hotels-pg").hasSize(4);
        assertThat(clarify.forget(MemoryCalls.forget(tenant, "", "")).getForgotten()).isEqualTo(4);
        assertThat(MemoryCalls.storedChoices(tenant)).isZero();
        assertThat(MemoryCalls.storedChoices(other)).isEqualTo(4);
    }

    @Test
    void remembersAnswersEachScopeInOrderFromThatTenantsOwnDatabaseAlone() {
        String tenant = MemoryCalls.newTenant();
        String other = MemoryCalls.newTenant();
        clarify.choose(MemoryCalls.choose(tenant, "hotels", "score"));

        assertThat(clarify.remembers(MemoryCalls.remembers(tenant, "crm", tenant, "hotels", other, "hotels", tenant, "hotels"))
                .getRememberedList()).containsExactly(false, true, false, true);

        clarify.forget(MemoryCalls.forget(tenant, "hotels", ""));
        assertThat(clarify.remembers(MemoryCalls.remembers(tenant, "hotels")).getRememberedList()).containsExactly(false);
    }

    @Test
    void listChoicesPagesNewestFirstWithOpaqueTokens() {
        String tenant = MemoryCalls.newTenant();
        List<String> newestFirst = new ArrayList<>();
        for (int db = 1; db <= 5; db++) {
            List<RememberedChoice> chosen = clarify.choose(MemoryCalls.choose(tenant, "db-" + db, "score")).getRememberedList();
            chosen.forEach(c -> newestFirst.add(0, c.getId()));
        }
        List<String> listed = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        String token = "";
        do {
            ListChoicesResponse page = clarify.listChoices(ListChoicesRequest.newBuilder().setTenant(tenant).setPageSize(4).setPageToken(token).build());
            page.getChoicesList().forEach(c -> listed.add(c.getId()));
            sizes.add(page.getChoicesCount());
            token = page.getNextPageToken();
        } while (!token.isEmpty());

        assertThat(sizes).containsExactly(4, 4, 4, 4, 4);
        // the two forks, the column beside and the reading of one Choose share their time: within it, by id
        assertThat(listed).hasSize(20).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(newestFirst);
        assertThat(listed.subList(16, 20)).containsExactlyInAnyOrderElementsOf(newestFirst.subList(16, 20));
        assertThat(clarify.listChoices(MemoryCalls.list(tenant, "")).getChoicesCount()).isEqualTo(20); // default size 50
        String second = clarify.listChoices(ListChoicesRequest.newBuilder().setTenant(tenant).setPageSize(4).build()).getNextPageToken();
        assertStatus(() -> clarify.listChoices(MemoryCalls.list(tenant, "").toBuilder().setPageToken("garbage").build()),
                Status.Code.INVALID_ARGUMENT, "page_token");
        assertStatus(() -> clarify.listChoices(MemoryCalls.list(MemoryCalls.newTenant(), "").toBuilder().setPageToken(second).build()),
                Status.Code.INVALID_ARGUMENT, "page_token");
        assertStatus(() -> clarify.listChoices(MemoryCalls.list(tenant, "").toBuilder().setPageSize(501).build()),
                Status.Code.INVALID_ARGUMENT, "page_size");
        assertStatus(() -> clarify.listChoices(MemoryCalls.list(tenant, "").toBuilder().setPageSize(-1).build()),
                Status.Code.INVALID_ARGUMENT, "page_size");
    }

    @Test
    void badRequestsGetActionableStatuses() {
        String tenant = MemoryCalls.newTenant();
        ChooseRequest choose = MemoryCalls.choose(tenant, "hotels", "score");
        assertStatus(() -> clarify.choose(choose.toBuilder().clearTenant().build()), Status.Code.INVALID_ARGUMENT, "tenant");
        assertStatus(() -> clarify.choose(choose.toBuilder().clearDatabase().build()), Status.Code.INVALID_ARGUMENT, "database");
        assertStatus(() -> clarify.choose(choose.toBuilder().clearCandidates().build()), Status.Code.INVALID_ARGUMENT, "candidates");
        assertStatus(() -> clarify.choose(choose.toBuilder().setChosenCandidateId("nine").build()), Status.Code.INVALID_ARGUMENT,
                "'nine' is not among the candidates (stars, score, good-stars)");
        assertStatus(() -> clarify.recall(MemoryCalls.recall("", "hotels", "q")), Status.Code.INVALID_ARGUMENT, "tenant");
        assertStatus(() -> clarify.recall(MemoryCalls.recall(tenant, "", "q")), Status.Code.INVALID_ARGUMENT, "database");
        assertStatus(() -> clarify.remembers(MemoryCalls.remembers()), Status.Code.INVALID_ARGUMENT, "at least one scope");
        assertStatus(() -> clarify.remembers(MemoryCalls.remembers(tenant, "hotels", "", "hotels")), Status.Code.INVALID_ARGUMENT, "tenant");
        assertStatus(() -> clarify.remembers(MemoryCalls.remembers(tenant, "")), Status.Code.INVALID_ARGUMENT, "database");
        String[] tooMany = new String[2 * 257];
        Arrays.fill(tooMany, "hotels");
        assertStatus(() -> clarify.remembers(MemoryCalls.remembers(tooMany)), Status.Code.INVALID_ARGUMENT, "at most 256 scopes per call, got 257");
        assertStatus(() -> clarify.listChoices(MemoryCalls.list("", "")), Status.Code.INVALID_ARGUMENT, "tenant");
        assertStatus(() -> clarify.forget(MemoryCalls.forget("", "", "")), Status.Code.INVALID_ARGUMENT, "tenant");
        assertThat(MemoryCalls.storedChoices(tenant)).isZero();
    }

    @Test
    void aColumnChosenForOneQuestionDecidesTheSameColumnsOfAnotherWhateverItsWords() {
        String tenant = MemoryCalls.newTenant();
        List<Candidate> giselle = List.of(
                ballet("choreographer", "SELECT choreographer FROM Ballets WHERE name = 'Giselle'", "Ballets.choreographer"),
                ballet("musician", "SELECT musician FROM Ballets WHERE name = 'Giselle'", "Ballets.musician"));
        ChooseResponse chosen = clarify.choose(ChooseRequest.newBuilder().setTenant(tenant).setDatabase("ballets")
                .setQuestion("Who created Giselle?").addAllCandidates(giselle).setChosenCandidateId("choreographer").build());
        // no word of the question names the fork: a choice of the column the answer shows
        assertThat(chosen.getRememberedList()).filteredOn(c -> c.getClause().equals("select"))
                .singleElement().satisfies(c -> assertThat(c.getPivotTerm()).isEmpty());

        String most = " FROM Ballets JOIN Performances ON Performances.ballet_id = Ballets.id ORDER BY performers_count DESC LIMIT 1";
        List<Candidate> mostPerformed = List.of(ballet("m", "SELECT musician" + most, "Ballets.musician"),
                ballet("c", "SELECT choreographer" + most, "Ballets.choreographer"));
        RecallResponse other = clarify.recall(RecallRequest.newBuilder().setTenant(tenant).setDatabase("ballets")
                .setQuestion("Who created the ballet with the most performances?").addAllCandidates(mostPerformed).build());
        assertThat(other.getConsistentCandidateIdsList()).containsExactly("c");
        // a question whose words name the other column says what it wants
        RecallResponse named = clarify.recall(RecallRequest.newBuilder().setTenant(tenant).setDatabase("ballets")
                .setQuestion("Which musician wrote the ballet with the most performances?").addAllCandidates(mostPerformed).build());
        assertThat(named.getAppliedList()).isEmpty();
    }

    private static Candidate ballet(String id, String sql, String column) {
        return Candidate.newBuilder().setId(id).setSql(sql).setText(column).setProbability(0.5).setAnalysis(SqlAnalysis.newBuilder()
                .addSlots(Slot.newBuilder().setPath("select[0]").setKind(SlotKind.SLOT_KIND_SELECT_ITEM).setValue(column)
                        .setLabel("the ballet's " + column.substring(column.indexOf('.') + 1)).addSchemaElements(column))).build();
    }
}
