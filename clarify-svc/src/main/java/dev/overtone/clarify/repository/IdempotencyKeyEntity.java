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
    public UUID sessionId;
    @Column(name = "idem_key")
    public String key;
    public int answeredTurn;
    public String requestDigest;
    public int resultTurn;
    public Instant createdAt;
}
