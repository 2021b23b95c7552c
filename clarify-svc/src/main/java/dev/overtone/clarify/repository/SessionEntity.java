package dev.overtone.clarify.repository;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.UUID;

/** A dialogue. {@code version} is the optimistic lock two racing answers contend on. */
@Entity
@Table(name = "clarify_session")
public class SessionEntity extends PanacheEntityBase {
    @Id
    public UUID id;
    public String question;
    public String state;
    @Column(name = "confidence_threshold")
    public double confidenceThreshold;
    @Column(name = "max_turns")
    public int maxTurns;
    public String strategy;
    public long seed;
    @Column(name = "max_options")
    public int maxOptions;
    @Column(name = "current_turn")
    public int currentTurn;
    @Column(name = "questions_asked")
    public int questionsAsked;
    @Column(name = "last_reply_any")
    public boolean lastReplyAny;
    /** The caller said its candidates may lack readings (a degraded stage): no resolution claims certainty. */
    @Column(name = "candidates_incomplete")
    public boolean candidatesIncomplete;
    /** Whose dialogue it is ('' = a dialogue without memory): what a person answers is remembered under them. */
    public String tenant = "";
    @Column(name = "database_name")
    public String database = "";
    /** JSON: the remembered choices that decided forks of this dialogue at Start (ChoiceCodec). */
    public String remembered = "[]";
    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "updated_at")
    public Instant updatedAt;
    @Version
    public long version;
}
