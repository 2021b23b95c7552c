package dev.overtone.clarify.service;

import static dev.overtone.clarify.support.StoredSessions.state;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.overtone.clarify.config.ClarifyConfig;
import dev.overtone.clarify.mapping.ProtoMapper;
import dev.overtone.clarify.repository.TurnEntity;
import dev.overtone.clarify.support.AgainstRecordedParser;
import dev.overtone.clarify.support.EmbeddedPostgresResource;
import dev.overtone.clarify.support.HotelDialogue;
import dev.overtone.clarify.support.RecordedParserTest;
import dev.overtone.clarify.support.StoredRows;
import dev.overtone.proto.v1.ClarifyOptions;
import dev.overtone.proto.v1.StartRequest;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.vertx.VertxContextSupport;
import jakarta.inject.Inject;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Start on the real PostgreSQL with parser-svc's recorded analyses: its options checked, its session stored as asked. */
@RecordedParserTest
@QuarkusTestResource(EmbeddedPostgresResource.class)
class DialogueStartTest extends AgainstRecordedParser {
    @Inject
    DialogueStart start;
    @Inject
    ClarifyConfig config;

    @Test
    void optionsOutsideTheirRangesAreRefusedNamingTheField() {
        assertInvalid(HotelDialogue.start().toBuilder().clearCandidates().build(), "Start needs at least one candidate (id, sql)");
        for (double tau : new double[] {0, -0.1, 1.01, Double.NaN}) {
            assertInvalid(withOptions(ClarifyOptions.newBuilder().setConfidenceThreshold(tau)), "confidence_threshold must be in (0, 1]");
        }
        assertInvalid(withOptions(ClarifyOptions.newBuilder().setConfidenceThreshold(0.9).setMaxTurns(-1)), "max_turns must be 0 or more, got -1");
    }

    @Test
    void aSessionIsStoredOpenWithItsReadingsInOrderAndTheDefaultsNotGiven() throws Throwable {
        TurnEntity first = started(HotelDialogue.start());

        UUID session = first.sessionId;
        assertThat(first.number).isEqualTo(1);
        assertThat(first.kind).isEqualTo(TurnEntity.QUESTION);
        assertThat(state(session.toString())).isEqualTo("OPEN");
        assertThat(StoredRows.value("SELECT string_agg(candidate_id, ',' ORDER BY ordinal) FROM clarify_candidate WHERE session_id = ?", session))
                .isEqualTo("stars,score,good-stars");
        assertThat((Double) StoredRows.value("SELECT sum(prior) FROM clarify_candidate WHERE session_id = ?", session)).isCloseTo(1.0,
                within(1e-9));
        assertThat(StoredRows.value("SELECT confidence_threshold FROM clarify_session WHERE id = ?", session)).isEqualTo(0.9);
        assertThat(StoredRows.value("SELECT max_turns FROM clarify_session WHERE id = ?", session)).isEqualTo(config.defaults().maxTurns());
        assertThat(StoredRows.value("SELECT max_options FROM clarify_session WHERE id = ?", session)).isEqualTo(config.defaults().maxOptions());
    }

    /** Memory belongs to a tenant's database: a dialogue naming only one of the two is stored without an owner. */
    @Test
    void theOwnerIsStoredOnlyWhenBothTenantAndDatabaseAreGiven() throws Throwable {
        UUID owned = started(HotelDialogue.start().toBuilder().setTenant("acme").setDatabase("hotels").build()).sessionId;
        UUID half = started(HotelDialogue.start().toBuilder().setTenant("acme").build()).sessionId;

        assertThat(StoredRows.value("SELECT tenant || '/' || database_name FROM clarify_session WHERE id = ?", owned)).isEqualTo("acme/hotels");
        assertThat(StoredRows.value("SELECT tenant || '/' || database_name FROM clarify_session WHERE id = ?", half)).isEqualTo("/");
    }

    private TurnEntity started(StartRequest request) throws Throwable {
        return VertxContextSupport.subscribeAndAwait(() -> start.start(ProtoMapper.start(request)));
    }

    private void assertInvalid(StartRequest request, String words) {
        assertThatThrownBy(() -> started(request)).isInstanceOfSatisfying(ClarifyException.class, e -> {
            assertThat(e.kind()).isEqualTo(ClarifyException.Kind.INVALID_ARGUMENT);
            assertThat(e.getMessage()).contains(words);
        });
    }

    private static StartRequest withOptions(ClarifyOptions.Builder options) {
        return HotelDialogue.start().toBuilder().setOptions(options).build();
    }
}
