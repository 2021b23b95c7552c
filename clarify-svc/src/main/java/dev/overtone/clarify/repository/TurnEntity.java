package dev.overtone.clarify.repository;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
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
    @Column(name = "session_id")
    public UUID sessionId;
    public int number;
    public String kind;
    @Column(name = "variable_id")
    public String variableId;
    @Column(name = "question_text")
    public String questionText;
    /** JSON array of {id, label, probability, kind, codes}. */
    public String options;
    @Column(name = "expected_gain")
    public Double expectedGain;
    /** JSON array of {candidate_id, probability}: the distribution the turn was asked under. */
    public String distribution;
    @Column(name = "resolution_candidate")
    public String resolutionCandidate;
    @Column(name = "resolution_sql")
    public String resolutionSql;
    @Column(name = "resolution_interpretation")
    public String resolutionInterpretation;
    @Column(name = "resolution_confidence")
    public Double resolutionConfidence;
    /** The resolution was made over candidates known to be incomplete; its confidence keeps the reserve. */
    @Column(name = "resolution_over_incomplete")
    public boolean resolutionOverIncomplete;
    /** JSON: the remembered choices that decided forks of the dialogue, on its resolution (ChoiceCodec). */
    @Column(name = "resolution_remembered")
    public String resolutionRemembered = "[]";
    @Column(name = "resolution_reason")
    public String resolutionReason;
    @Column(name = "reply_option_id")
    public String replyOptionId;
    @Column(name = "reply_free_text")
    public String replyFreeText;
    @Column(name = "mapped_option_ids")
    public String mappedOptionIds;
    public String mapping;
    @Column(name = "distribution_after")
    public String distributionAfter;
    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "answered_at")
    public Instant answeredAt;
}
