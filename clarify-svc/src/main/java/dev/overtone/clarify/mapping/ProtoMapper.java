package dev.overtone.clarify.mapping;

import dev.overtone.clarify.repository.CandidateEntity;
import dev.overtone.clarify.repository.ChoiceCodec;
import dev.overtone.clarify.repository.DialogueCodec;
import dev.overtone.clarify.repository.DialogueState;
import dev.overtone.clarify.repository.JsonColumns;
import dev.overtone.clarify.repository.TurnEntity;
import dev.overtone.clarify.service.AnswerCommand;
import dev.overtone.clarify.service.PlannedQuestion;
import dev.overtone.clarify.service.SessionView;
import dev.overtone.clarify.service.SlotValue;
import dev.overtone.clarify.service.StartCommand;
import dev.overtone.clarify.service.StrategyKind;
import dev.overtone.proto.v1.AnswerRequest;
import dev.overtone.proto.v1.Candidate;
import dev.overtone.proto.v1.CandidateProbability;
import dev.overtone.proto.v1.ClarifyOptions;
import dev.overtone.proto.v1.Option;
import dev.overtone.proto.v1.OptionKind;
import dev.overtone.proto.v1.Question;
import dev.overtone.proto.v1.Reply;
import dev.overtone.proto.v1.Resolution;
import dev.overtone.proto.v1.ResolutionReason;
import dev.overtone.proto.v1.Session;
import dev.overtone.proto.v1.SessionState;
import dev.overtone.proto.v1.SqlAnalysis;
import dev.overtone.proto.v1.StartRequest;
import dev.overtone.proto.v1.Strategy;
import dev.overtone.proto.v1.Turn;
import dev.overtone.proto.v1.TurnRecord;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** Proto messages in and out of the dialogue service. */
public final class ProtoMapper {

    /** Each strategy's value in the contract, both ways; STRATEGY_UNSPECIFIED is none of them (the service's default). */
    private static final Map<StrategyKind, Strategy> STRATEGIES = new EnumMap<>(Map.of(
            StrategyKind.EIG, Strategy.STRATEGY_EIG,
            StrategyKind.EIG_FAST, Strategy.STRATEGY_EIG_FAST,
            StrategyKind.IG_UNIFORM, Strategy.STRATEGY_IG_UNIFORM,
            StrategyKind.MAX_PROB, Strategy.STRATEGY_MAX_PROB,
            StrategyKind.RANDOM, Strategy.STRATEGY_RANDOM));

    private ProtoMapper() {
    }

    public static StartCommand start(StartRequest r) {
        ClarifyOptions o = r.getOptions();
        return new StartCommand(r.getQuestion(), candidates(r.getCandidatesList()),
                o.hasConfidenceThreshold() ? o.getConfidenceThreshold() : null,
                o.hasMaxTurns() ? o.getMaxTurns() : null,
                strategy(o.getStrategy()),
                o.hasSeed() ? o.getSeed() : null,
                r.getCandidatesIncomplete(), r.getTenant(), r.getDatabase(), o.getIgnoreMemory());
    }

    public static List<StartCommand.CandidateInput> candidates(List<Candidate> candidates) {
        return candidates.stream()
                .map(c -> new StartCommand.CandidateInput(c.getId(), c.getSql(), c.getText(),
                        c.hasProbability() ? c.getProbability() : null, c.getFingerprint(),
                        c.hasAnalysis() ? slots(c.getAnalysis()) : null))
                .toList();
    }

    private static List<SlotValue> slots(SqlAnalysis analysis) {
        return analysis.getSlotsList().stream()
                .map(s -> new SlotValue(s.getPath(), s.getValue(), s.getLabel(), List.copyOf(s.getSchemaElementsList()))).toList();
    }

    private static StrategyKind strategy(Strategy s) {
        return STRATEGIES.entrySet().stream().filter(e -> e.getValue() == s).map(Map.Entry::getKey).findFirst().orElse(null);
    }

    private static Strategy strategy(String label) {
        return STRATEGIES.get(StrategyKind.fromLabel(label));
    }

    public static AnswerCommand answer(AnswerRequest r) {
        Reply reply = r.getReply();
        return new AnswerCommand(r.getSessionId(), r.getTurn(),
                reply.hasOptionId() ? reply.getOptionId() : null,
                reply.hasFreeText() ? reply.getFreeText() : null,
                r.getIdempotencyKey());
    }

    public static Turn turn(TurnEntity t) {
        Turn.Builder b = Turn.newBuilder().setSessionId(t.sessionId.toString()).setNumber(t.number)
                .addAllDistribution(distribution(t.distribution));
        if (TurnEntity.QUESTION.equals(t.kind)) {
            b.setQuestion(question(t));
        } else {
            b.setResolution(Resolution.newBuilder()
                    .setCandidateId(t.resolutionCandidate)
                    .setSql(t.resolutionSql == null ? "" : t.resolutionSql)
                    .setInterpretation(t.resolutionInterpretation == null ? "" : t.resolutionInterpretation)
                    .setConfidence(t.resolutionConfidence)
                    .setCandidatesIncomplete(t.resolutionOverIncomplete)
                    .addAllRemembered(MemoryProtoMapper.choices(ChoiceCodec.choices(t.resolutionRemembered)))
                    .setReason(ResolutionReason.valueOf("RESOLUTION_REASON_" + t.resolutionReason)));
        }
        return b.build();
    }

    private static Question question(TurnEntity t) {
        Question.Builder q = Question.newBuilder().setText(t.questionText).setVariable(t.variableId)
                .setExpectedGain(t.expectedGain);
        for (PlannedQuestion.Option o : DialogueCodec.options(t.options)) {
            q.addOptions(Option.newBuilder().setId(o.id()).setLabel(o.label()).setProbability(o.probability())
                    .setKind(switch (o.kind()) {
                        case VALUE -> OptionKind.OPTION_KIND_VALUE;
                        case NONE -> OptionKind.OPTION_KIND_NONE;
                        case ANY -> OptionKind.OPTION_KIND_ANY;
                    }));
        }
        return q.build();
    }

    private static List<CandidateProbability> distribution(String json) {
        return DialogueCodec.distribution(json).stream()
                .map(s -> CandidateProbability.newBuilder().setCandidateId(s.candidateId()).setProbability(s.probability()).build())
                .toList();
    }

    public static Session session(SessionView v) {
        Session.Builder b = Session.newBuilder()
                .setId(v.session().id.toString())
                .setQuestion(v.session().question)
                .setState(state(v.state()))
                .setOptions(ClarifyOptions.newBuilder()
                        .setConfidenceThreshold(v.session().confidenceThreshold)
                        .setMaxTurns(v.session().maxTurns)
                        .setStrategy(strategy(v.session().strategy))
                        .setSeed(v.session().seed))
                .setCreatedAt(v.session().createdAt.toString())
                .setUpdatedAt(v.session().updatedAt.toString());
        for (CandidateEntity c : v.candidates()) {
            b.addCandidates(Candidate.newBuilder().setId(c.candidateId).setSql(c.sql).setText(c.text)
                    .setProbability(c.prior).setFingerprint(c.fingerprint));
        }
        for (TurnEntity t : v.turns()) {
            if (t.answeredAt != null) {
                TurnRecord.Builder r = TurnRecord.newBuilder().setNumber(t.number).setQuestion(question(t))
                        .addAllMappedOptionIds(JsonColumns.strings(t.mappedOptionIds))
                        .setMapping(t.mapping)
                        .addAllBefore(distribution(t.distribution))
                        .addAllAfter(distribution(t.distributionAfter));
                Reply.Builder reply = Reply.newBuilder();
                if (t.replyOptionId != null) {
                    reply.setOptionId(t.replyOptionId);
                } else if (t.replyFreeText != null) {
                    reply.setFreeText(t.replyFreeText);
                }
                b.addTurns(r.setReply(reply));
            }
        }
        if (!v.turns().isEmpty()) {
            b.setCurrent(turn(v.turns().get(v.turns().size() - 1)));
        }
        return b.build();
    }

    private static SessionState state(DialogueState state) {
        return switch (state) {
            case OPEN -> SessionState.SESSION_STATE_OPEN;
            case RESOLVED -> SessionState.SESSION_STATE_RESOLVED;
            case CANCELLED -> SessionState.SESSION_STATE_CANCELLED;
            case EXPIRED -> SessionState.SESSION_STATE_EXPIRED;
        };
    }
}
