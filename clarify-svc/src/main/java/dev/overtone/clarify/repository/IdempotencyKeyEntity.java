package dev.overtone.clarify.repository;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/** An answered idempotency key: which turn it answered, with what, and the turn that came of it. */
@Entity
@Table(name = "clarify_idempotency_key")
public class IdempotencyKeyEntity extends PanacheEntityBase {
    @Id
    public UUID id;
    @Column(name = "session_id")
    public UUID sessionId;
    @Column(name = "idem_key")
    public String key;
    @Column(name = "answered_turn")
    public int answeredTurn;
    @Column(name = "request_digest")
    public String requestDigest;
    @Column(name = "result_turn")
    public int resultTurn;
    @Column(name = "created_at")
    public Instant createdAt;
}
