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
    @Column(name = "pivot_term")
    public String pivotTerm;
    @Column(name = "fork_key")
    public String forkKey;
    @Column(name = "chosen_value")
    public String chosenValue;
    /** JSON array of the values not chosen. */
    @Column(name = "rejected_values")
    public String rejectedValues;
    @Column(name = "chosen_label")
    public String chosenLabel;
    public String question;
    public String source;
    @Column(name = "chosen_at")
    public Instant chosenAt;
    @Column(name = "expires_at")
    public Instant expiresAt;
}
