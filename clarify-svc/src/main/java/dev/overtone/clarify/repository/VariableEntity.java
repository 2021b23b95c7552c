package dev.overtone.clarify.repository;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.util.UUID;

/** A decision variable of a session; list-valued columns are JSON arrays. */
@Entity
@Table(name = "clarify_variable")
public class VariableEntity extends PanacheEntityBase {
    @Id
    public UUID id;
    @Column(name = "session_id")
    public UUID sessionId;
    public int ordinal;
    @Column(name = "variable_id")
    public String variableId;
    public String paths;
    public String clause;
    public String codes;
    @Column(name = "value_keys")
    public String valueKeys;
    @Column(name = "value_labels")
    public String valueLabels;
    @Column(name = "value_terms")
    public String valueTerms;
    @Column(name = "pivot_term")
    public String pivotTerm;
    public String status;
}
