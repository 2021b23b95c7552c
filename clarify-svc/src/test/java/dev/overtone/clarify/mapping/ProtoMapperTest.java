package dev.overtone.clarify.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.overtone.clarify.memory.Choice;
import dev.overtone.clarify.repository.ChoiceCodec;
import dev.overtone.clarify.repository.TurnEntity;
import dev.overtone.clarify.service.AnswerCommand;
import dev.overtone.clarify.service.StartCommand;
import dev.overtone.clarify.service.StrategyKind;
import dev.overtone.proto.v1.AnswerRequest;
import dev.overtone.proto.v1.Candidate;
import dev.overtone.proto.v1.ClarifyOptions;
import dev.overtone.proto.v1.OptionKind;
import dev.overtone.proto.v1.Reply;
import dev.overtone.proto.v1.ResolutionReason;
import dev.overtone.proto.v1.Slot;
import dev.overtone.proto.v1.SqlAnalysis;
import dev.overtone.proto.v1.StartRequest;
import dev.overtone.proto.v1.Strategy;
import dev.overtone.proto.v1.Turn;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ProtoMapperTest {

    @Test
    void optionsTheCallerLeftUnsetStayUnsetForTheDefaultsToFill() {
        StartCommand c = ProtoMapper.start(StartRequest.newBuilder().setQuestion("q").setTenant("acme").setDatabase("hotels")
                .addCandidates(Candidate.newBuilder().setId("a").setSql("SELECT 1")).build());

        assertThat(c.confidenceThreshold()).isNull();
        assertThat(c.maxTurns()).isNull();
        assertThat(c.strategy()).isNull();
        assertThat(c.seed()).isNull();
        assertThat(c.candidates()).singleElement().satisfies(a -> {
            assertThat(a.probability()).isNull();
            assertThat(a.slots()).as("no analysis: parser-svc is asked").isNull();
        });
        assertThat(c.hasOwner()).isTrue();
    }

    @Test
    void everyStrategyOfTheContractIsAStrategyKindOfItsOwn() {
        List<StrategyKind> kinds = Arrays.stream(Strategy.values())
                .filter(s -> s != Strategy.STRATEGY_UNSPECIFIED && s != Strategy.UNRECOGNIZED)
                .map(s -> ProtoMapper.start(StartRequest.newBuilder().setOptions(ClarifyOptions.newBuilder().setStrategy(s)).build()).strategy())
                .toList();

        assertThat(kinds).containsExactlyInAnyOrder(StrategyKind.values());
    }

    @Test
    void givenOptionsAndACandidatesAnalysisAreCarriedOver() {
        StartCommand c = ProtoMapper.start(StartRequest.newBuilder().setQuestion("q").setCandidatesIncomplete(true)
                .setOptions(ClarifyOptions.newBuilder().setConfidenceThreshold(0.8).setMaxTurns(0).setStrategy(Strategy.STRATEGY_MAX_PROB)
                        .setSeed(0).setIgnoreMemory(true))
                .addCandidates(Candidate.newBuilder().setId("a").setSql("SELECT stars FROM hotels").setProbability(0)
                        .setAnalysis(SqlAnalysis.newBuilder().addSlots(Slot.newBuilder().setPath("select[0]").setValue("hotels.stars")
                                .setLabel("stars").addSchemaElements("hotels.stars"))))
                .build());

        assertThat(c.confidenceThreshold()).isEqualTo(0.8);
        assertThat(c.maxTurns()).isZero();
        assertThat(c.strategy()).isEqualTo(StrategyKind.MAX_PROB);
        assertThat(c.seed()).isZero();
        assertThat(c.candidatesIncomplete()).isTrue();
        assertThat(c.ignoreMemory()).isTrue();
        StartCommand.CandidateInput a = c.candidates().get(0);
        assertThat(a.probability()).isZero();
        assertThat(a.slots()).singleElement().satisfies(s -> {
            assertThat(s.path()).isEqualTo("select[0]");
            assertThat(s.schemaElements()).containsExactly("hotels.stars");
        });
    }

    @Test
    void aReplyIsAnOptionOrFreeTextNeverBoth() {
        AnswerCommand byOption = ProtoMapper.answer(AnswerRequest.newBuilder().setSessionId("s").setTurn(2)
                .setReply(Reply.newBuilder().setOptionId("o1")).setIdempotencyKey("k").build());
        AnswerCommand byText = ProtoMapper.answer(AnswerRequest.newBuilder().setSessionId("s").setTurn(2)
                .setReply(Reply.newBuilder().setFreeText("the stars")).build());

        assertThat(byOption.optionId()).isEqualTo("o1");
        assertThat(byOption.freeText()).isNull();
        assertThat(byOption.idempotencyKey()).isEqualTo("k");
        assertThat(byText.optionId()).isNull();
        assertThat(byText.freeText()).isEqualTo("the stars");
    }

    @Test
    void aQuestionTurnCarriesItsOptionsByKindAndTheDistribution() {
        TurnEntity t = turn(TurnEntity.QUESTION);
        t.variableId = "v1";
        t.questionText = "Which rating?";
        t.expectedGain = 0.7;
        t.options = "[{\"id\":\"o1\",\"label\":\"the stars\",\"probability\":0.6,\"kind\":\"VALUE\",\"codes\":[0]},"
                + "{\"id\":\"o2\",\"label\":\"none of these\",\"probability\":0.0,\"kind\":\"NONE\",\"codes\":[]},"
                + "{\"id\":\"o3\",\"label\":\"either\",\"probability\":0.0,\"kind\":\"ANY\",\"codes\":[]}]";

        Turn out = ProtoMapper.turn(t);

        assertThat(out.hasQuestion()).isTrue();
        assertThat(out.getQuestion().getText()).isEqualTo("Which rating?");
        assertThat(out.getQuestion().getOptionsList()).extracting(o -> o.getKind())
                .containsExactly(OptionKind.OPTION_KIND_VALUE, OptionKind.OPTION_KIND_NONE, OptionKind.OPTION_KIND_ANY);
        assertThat(out.getDistributionList()).extracting(d -> d.getCandidateId()).containsExactly("a", "b");
        assertThat(out.getDistribution(0).getProbability()).isCloseTo(0.6, within(1e-9));
    }

    @Test
    void aResolutionCarriesItsReasonAndTheRememberedChoicesThatDecidedIt() {
        Choice stars = new Choice(UUID.randomUUID(), "acme", "hotels", "select", "rating", "hotels.stars", List.of("avg(score)"),
                "the stars", "q", Choice.Source.DIALOGUE, Instant.EPOCH, Instant.EPOCH.plusSeconds(60));
        TurnEntity t = turn(TurnEntity.RESOLUTION);
        t.resolutionCandidate = "a";
        t.resolutionSql = null;
        t.resolutionConfidence = 0.72;
        t.resolutionOverIncomplete = true;
        t.resolutionReason = "THRESHOLD";
        t.resolutionRemembered = ChoiceCodec.json(List.of(stars));

        Turn out = ProtoMapper.turn(t);

        assertThat(out.getResolution().getCandidateId()).isEqualTo("a");
        assertThat(out.getResolution().getSql()).isEmpty();
        assertThat(out.getResolution().getReason()).isEqualTo(ResolutionReason.RESOLUTION_REASON_THRESHOLD);
        assertThat(out.getResolution().getCandidatesIncomplete()).isTrue();
        assertThat(out.getResolution().getRememberedList()).singleElement()
                .satisfies(r -> assertThat(r.toString()).contains(stars.id().toString()));
    }

    private static TurnEntity turn(String kind) {
        TurnEntity t = new TurnEntity();
        t.sessionId = UUID.randomUUID();
        t.number = 1;
        t.kind = kind;
        t.distribution = "[{\"candidate_id\":\"a\",\"probability\":0.6},{\"candidate_id\":\"b\",\"probability\":0.4}]";
        return t;
    }
}
