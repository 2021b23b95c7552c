package dev.overtone.clarify.mapping;

import dev.overtone.clarify.memory.Choice;
import dev.overtone.clarify.memory.ChoiceListing;
import dev.overtone.clarify.memory.MemoryRequest;
import dev.overtone.clarify.memory.MemoryScope;
import dev.overtone.clarify.memory.TenantMemory;
import dev.overtone.clarify.service.AnsweredTurn;
import dev.overtone.clarify.service.SessionView;
import dev.overtone.clarify.service.QuestionWriter;
import dev.overtone.proto.v1.AppliedChoice;
import dev.overtone.proto.v1.ChoiceSource;
import dev.overtone.proto.v1.ChooseRequest;
import dev.overtone.proto.v1.ChooseResponse;
import dev.overtone.proto.v1.ForgetResponse;
import dev.overtone.proto.v1.ListChoicesResponse;
import dev.overtone.proto.v1.MemoryToken;
import dev.overtone.proto.v1.Session;
import dev.overtone.proto.v1.RecallRequest;
import dev.overtone.proto.v1.RecallResponse;
import dev.overtone.proto.v1.RemembersRequest;
import dev.overtone.proto.v1.RememberedChoice;
import dev.overtone.proto.v1.Turn;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;

/** The memory RPCs' messages in and out. */
public final class MemoryProtoMapper {

    private MemoryProtoMapper() {
    }

    public static MemoryRequest recall(RecallRequest r) {
        return new MemoryRequest(r.getTenant(), r.getDatabase(), r.getQuestion(), ProtoMapper.candidates(r.getCandidatesList()));
    }

    public static List<MemoryScope> scopes(RemembersRequest r) {
        return r.getScopesList().stream().map(s -> new MemoryScope(s.getTenant(), s.getDatabase())).toList();
    }

    public static MemoryRequest choose(ChooseRequest r) {
        return new MemoryRequest(r.getTenant(), r.getDatabase(), r.getQuestion(), ProtoMapper.candidates(r.getCandidatesList()));
    }

    public static RecallResponse recalled(TenantMemory.Recalled r) {
        RecallResponse.Builder b = RecallResponse.newBuilder().addAllConsistentCandidateIds(r.consistentIds()).setAnyRemembered(r.anyRemembered());
        if (r.validUntil() != null) {
            b.setValidUntilMicros(ChronoUnit.MICROS.between(Instant.EPOCH, r.validUntil()));
        }
        for (TenantMemory.Applied a : r.applied()) {
            b.addApplied(AppliedChoice.newBuilder().setChoice(choice(a.choice())).addAllCandidateIds(a.candidateIds()));
        }
        return b.build();
    }

    /** How many were forgotten, with the read-your-forget token of the scope forgotten in when any was. */
    public static ForgetResponse forgot(String tenant, String database, long forgotten) {
        ForgetResponse.Builder b = ForgetResponse.newBuilder().setForgotten((int) forgotten);
        if (forgotten > 0) {
            b.setMemoryToken(token(new MemoryScope(tenant, database)));
        }
        return b.build();
    }

    /** With the read-your-choice token of the scope written to, when anything was (all of one Choose's are of one scope). */
    public static ChooseResponse chosen(List<Choice> choices) {
        ChooseResponse.Builder b = ChooseResponse.newBuilder().addAllRemembered(choices(choices));
        choices.stream().findFirst().ifPresent(c -> b.setMemoryToken(token(new MemoryScope(c.tenant(), c.database()))));
        return b.build();
    }

    /** The Answer's turn, with the read-your-choice token when it resolved the dialogue under a tenant's memory. */
    public static Turn answered(AnsweredTurn a) {
        Turn turn = ProtoMapper.turn(a.turn());
        return a.rememberedIn().map(scope -> turn.toBuilder().setMemoryToken(token(scope)).build()).orElse(turn);
    }

    /** The session, its current turn with the token its Answer returned ({@link AnsweredTurn#current}). */
    public static Session session(SessionView v, boolean memoryOn) {
        Session session = ProtoMapper.session(v);
        return v.turns().isEmpty() ? session : session.toBuilder().setCurrent(answered(AnsweredTurn.current(v, memoryOn))).build();
    }

    private static MemoryToken token(MemoryScope scope) {
        return MemoryToken.newBuilder().setTenant(scope.tenant()).setDatabase(scope.database()).build();
    }

    public static ListChoicesResponse page(ChoiceListing.Page page) {
        return ListChoicesResponse.newBuilder().addAllChoices(choices(page.choices())).setNextPageToken(page.nextPageToken()).build();
    }

    public static List<RememberedChoice> choices(List<Choice> choices) {
        return choices.stream().map(MemoryProtoMapper::choice).toList();
    }

    public static RememberedChoice choice(Choice c) {
        return RememberedChoice.newBuilder().setId(c.id().toString()).setTenant(c.tenant()).setDatabase(c.database())
                .setClause(c.clause()).setPivotTerm(c.pivotTerm()).setChosenValue(c.chosenValue())
                .addAllRejectedValues(c.rejectedValues()).setChosenLabel(c.chosenLabel()).setQuestion(c.question())
                .setSource(c.source() == Choice.Source.DIALOGUE ? ChoiceSource.CHOICE_SOURCE_DIALOGUE : ChoiceSource.CHOICE_SOURCE_CALLER)
                .setChosenAt(c.chosenAt().toString()).setExpiresAt(c.expiresAt().toString())
                .setExplanation(explanation(c)).build();
    }

    /** "'rating' read as the average review score (reviews.score): chosen in this database on 2026-11-20". */
    static String explanation(Choice c) {
        String on = "chosen in this database on " + DateTimeFormatter.ISO_LOCAL_DATE.format(c.chosenAt().atOffset(ZoneOffset.UTC));
        if (c.isReading()) {
            return "this question read as " + c.chosenLabel() + ": " + on;
        }
        if (c.isShownBeside()) {
            return c.chosenLabel() + " shown beside " + String.join(", ", c.rejectedValues()) + ": " + on;
        }
        return c.pivotTerm().isEmpty()
                ? "for " + QuestionWriter.clausePhrase(c.clause()) + ", " + c.chosenLabel() + ": " + on
                : "'" + c.pivotTerm() + "' read as " + c.chosenLabel() + ": " + on;
    }
}
