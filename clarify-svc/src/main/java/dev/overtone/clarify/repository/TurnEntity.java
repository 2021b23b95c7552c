package dev.overtone.clarify.repository;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/** A turn: a question (kind "question") or the resolution (kind "resolution"), and its reply. */
@Entity
@Table(name = "clarify_turn")
public class TurnEntity extends PanacheEntityBase {
    public static final String QUESTION = "question";
    public static final String RESOLUTION = "resolution";

    @Id
    public UUID id;
    public UUID sessionId;
    public int number;
    public String kind;
    public String variableId;
    public String questionText;
    /** JSON array of {id, label, probability, kind, codes}. */
    public String options;
    public Double expectedGain;
    /** JSON array of {candidate_id, probability}: the distribution the turn was asked under. */
    public String distribution;
    public String resolutionCandidate;
    public String resolutionSql;
    public String resolutionInterpretation;
    public Double resolutionConfidence;
    /** The resolution was made over candidates known to be incomplete; its confidence keeps the reserve. */
    public boolean resolutionOverIncomplete;
    /** JSON: the remembered choices that decided forks of the dialogue, on its resolution (ChoiceCodec). */
    public String resolutionRemembered = "[]";
    public String resolutionReason;
    public String replyOptionId;
    public String replyFreeText;
    public String mappedOptionIds;
    public String mapping;
    public String distributionAfter;
    public Instant createdAt;
    public Instant answeredAt;
}
