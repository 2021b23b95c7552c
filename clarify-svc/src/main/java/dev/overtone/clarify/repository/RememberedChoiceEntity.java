package dev.overtone.clarify.repository;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/** A remembered choice as stored; written only by {@link RememberedChoices#upsert} (one row per fork). */
@Entity
@Table(name = "clarify_remembered_choice")
public class RememberedChoiceEntity extends PanacheEntityBase {
    @Id
    public UUID id;
    public String tenant;
    @Column(name = "database_name")
    public String database;
    public String clause;
    public String pivotTerm;
    public String forkKey;
    public String chosenValue;
    /** JSON array of the values not chosen. */
    public String rejectedValues;
    public String chosenLabel;
    public String question;
    public String source;
    public Instant chosenAt;
    public Instant expiresAt;
}
