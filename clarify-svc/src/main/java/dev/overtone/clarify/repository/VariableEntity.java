package dev.overtone.clarify.repository;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
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
    public UUID sessionId;
    public int ordinal;
    public String variableId;
    public String paths;
    public String clause;
    public String codes;
    public String valueKeys;
    public String valueLabels;
    public String valueTerms;
    /** The question word of the fork ('' = none), as the column's default: a variable built without one is stored with ''. */
    public String pivotTerm = "";
    public String status;
}
