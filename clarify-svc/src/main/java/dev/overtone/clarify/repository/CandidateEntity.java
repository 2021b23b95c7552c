package dev.overtone.clarify.repository;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.util.UUID;

/** A reading of a session with its prior and current probability. */
@Entity
@Table(name = "clarify_candidate")
public class CandidateEntity extends PanacheEntityBase {
    @Id
    public UUID id;
    public UUID sessionId;
    public int ordinal;
    public String candidateId;
    @Column(name = "sql_text")
    public String sql;
    public String text;
    public String fingerprint;
    public double prior;
    public double probability;
    /** JSON array of the ids of candidates collapsed into this one. */
    public String aliases;
    /** JSON array of the columns the reading's outer SELECT shows ({@code ShownBeside.outerColumns}), read when a dialogue resolves on it. */
    public String shownColumns;
}
