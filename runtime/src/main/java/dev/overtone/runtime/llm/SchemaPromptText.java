package dev.overtone.runtime.llm;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.MessageOrBuilder;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The database context a prompt shows the model: tables, columns with types and a few sample values, keys,
 * written as CREATE TABLE statements. interpreter-svc's default-interpretations prompt and infill-svc's infilling
 * prompt both show it, so the text is made here, once.
 *
 * <p>Each service generates its own Java classes from the {@code overtone.v1} protos, so this module cannot name
 * {@code Schema}; it reads the message through its descriptor instead, by the field names of common.proto
 * ({@code Schema}, {@code Table}, {@code Column}, {@code ForeignKey}). A field that is not there fails at once,
 * naming it. Quarkus registers every generated message for reflection, so this holds in a native image too.
 */
public final class SchemaPromptText {
    private static final int SAMPLES_SHOWN = 3;

    private SchemaPromptText() {
    }

    /** The text of an {@code overtone.v1.Schema}. */
    public static String of(MessageOrBuilder schema) {
        StringBuilder out = new StringBuilder();
        out.append("Dialect: ").append(string(schema, "dialect")).append('\n');
        for (MessageOrBuilder table : messages(schema, "tables")) {
            out.append("CREATE TABLE ").append(string(table, "name")).append(" (");
            out.append(messages(table, "columns").stream().map(SchemaPromptText::column).collect(Collectors.joining(", ")));
            List<String> primaryKey = strings(table, "primary_key");
            if (!primaryKey.isEmpty()) {
                out.append(", PRIMARY KEY (").append(String.join(", ", primaryKey)).append(')');
            }
            for (MessageOrBuilder fk : messages(table, "foreign_keys")) {
                out.append(", FOREIGN KEY (").append(String.join(", ", strings(fk, "columns"))).append(") REFERENCES ")
                        .append(string(fk, "referenced_table")).append(" (")
                        .append(String.join(", ", strings(fk, "referenced_columns"))).append(')');
            }
            out.append(");\n");
        }
        return out.toString();
    }

    private static String column(MessageOrBuilder column) {
        String text = string(column, "name") + " " + string(column, "declared_type");
        List<String> samples = strings(column, "sample_values");
        if (!samples.isEmpty()) {
            text += " /* e.g. " + samples.stream().limit(SAMPLES_SHOWN).map(v -> "'" + v + "'")
                    .collect(Collectors.joining(", ")) + " */";
        }
        return text;
    }

    private static String string(MessageOrBuilder message, String name) {
        return (String) message.getField(field(message, name));
    }

    @SuppressWarnings("unchecked")
    private static List<String> strings(MessageOrBuilder message, String name) {
        return (List<String>) message.getField(field(message, name));
    }

    @SuppressWarnings("unchecked")
    private static List<MessageOrBuilder> messages(MessageOrBuilder message, String name) {
        return (List<MessageOrBuilder>) message.getField(field(message, name));
    }

    private static FieldDescriptor field(MessageOrBuilder message, String name) {
        FieldDescriptor field = message.getDescriptorForType().findFieldByName(name);
        if (field == null) {
            throw new IllegalStateException(message.getDescriptorForType().getFullName() + " has no field '" + name
                    + "': common.proto and SchemaPromptText disagree");
        }
        return field;
    }
}
