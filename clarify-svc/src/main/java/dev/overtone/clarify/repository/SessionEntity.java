package dev.overtone.clarify.repository;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
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
    @Enumerated(EnumType.STRING)
    public DialogueState state;
    public double confidenceThreshold;
    public int maxTurns;
    public String strategy;
    public long seed;
    public int maxOptions;
    public int currentTurn;
    public int questionsAsked;
    public boolean lastReplyAny;
    /** The caller said its candidates may lack readings (a degraded stage): no resolution claims certainty. */
    public boolean candidatesIncomplete;
    /** Whose dialogue it is ('' = a dialogue without memory): what a person answers is remembered under them. */
    public String tenant = "";
    @Column(name = "database_name")
    public String database = "";
    /** JSON: the remembered choices that decided forks of this dialogue at Start (ChoiceCodec). */
    public String remembered = "[]";
    public Instant createdAt;
    public Instant updatedAt;
    @Version
    public long version;
}
