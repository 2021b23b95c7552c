package dev.overtone.runtime.llm;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Label;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Type;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.DescriptorValidationException;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DynamicMessage;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Messages shaped as common.proto's (this module has no generated classes), built through descriptors. */
class SchemaPromptTextTest {
    private final FileDescriptor common = common();

    @Test
    void rendersTablesColumnsWithAtMostThreeSamplesAndKeys() {
        DynamicMessage hotels = message("Table", "name", "hotels",
                "columns", List.of(column("id", "INTEGER"), column("name", "TEXT", "Ritz", "Savoy", "Adlon", "Plaza")),
                "primary_key", List.of("id"));
        DynamicMessage reviews = message("Table", "name", "reviews",
                "columns", List.of(column("hotel_id", "INTEGER"), column("score", "REAL")),
                "foreign_keys", List.of(message("ForeignKey", "columns", List.of("hotel_id"),
                        "referenced_table", "hotels", "referenced_columns", List.of("id"))));
        DynamicMessage schema = message("Schema", "dialect", "sqlite", "tables", List.of(hotels, reviews));

        assertThat(SchemaPromptText.of(schema)).isEqualTo("""
                Dialect: sqlite
                CREATE TABLE hotels (id INTEGER, name TEXT /* e.g. 'Ritz', 'Savoy', 'Adlon' */, PRIMARY KEY (id));
                CREATE TABLE reviews (hotel_id INTEGER, score REAL, FOREIGN KEY (hotel_id) REFERENCES hotels (id));
                """);
    }

    @Test
    void aMessageWithoutTheFieldsFailsNamingTheMissingOne() {
        DynamicMessage notASchema = DynamicMessage.getDefaultInstance(type("ForeignKey"));

        assertThatThrownBy(() -> SchemaPromptText.of(notASchema))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("test.v1.ForeignKey has no field 'dialect'");
    }

    private DynamicMessage column(String name, String type, String... samples) {
        return message("Column", "name", name, "declared_type", type, "sample_values", List.of(samples));
    }

    private DynamicMessage message(String type, Object... namesAndValues) {
        Descriptor descriptor = type(type);
        DynamicMessage.Builder builder = DynamicMessage.newBuilder(descriptor);
        for (int i = 0; i < namesAndValues.length; i += 2) {
            builder.setField(descriptor.findFieldByName((String) namesAndValues[i]), namesAndValues[i + 1]);
        }
        return builder.build();
    }

    private Descriptor type(String name) {
        return common.findMessageTypeByName(name);
    }

    private static FileDescriptor common() {
        FileDescriptorProto file = FileDescriptorProto.newBuilder().setName("common.proto").setPackage("test.v1")
                .setSyntax("proto3")
                .addMessageType(type("Schema", string("dialect", 3, false), message("tables", 4, "Table")))
                .addMessageType(type("Table", string("name", 1, false), message("columns", 3, "Column"),
                        string("primary_key", 4, true), message("foreign_keys", 5, "ForeignKey")))
                .addMessageType(type("Column", string("name", 1, false), string("declared_type", 2, false),
                        string("sample_values", 3, true)))
                .addMessageType(type("ForeignKey", string("columns", 1, true), string("referenced_table", 2, false),
                        string("referenced_columns", 3, true)))
                .build();
        try {
            return FileDescriptor.buildFrom(file, new FileDescriptor[0]);
        } catch (DescriptorValidationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static DescriptorProto type(String name, FieldDescriptorProto... fields) {
        return DescriptorProto.newBuilder().setName(name).addAllField(List.of(fields)).build();
    }

    private static FieldDescriptorProto string(String name, int number, boolean repeated) {
        return FieldDescriptorProto.newBuilder().setName(name).setNumber(number).setType(Type.TYPE_STRING)
                .setLabel(repeated ? Label.LABEL_REPEATED : Label.LABEL_OPTIONAL).build();
    }

    private static FieldDescriptorProto message(String name, int number, String type) {
        return FieldDescriptorProto.newBuilder().setName(name).setNumber(number).setType(Type.TYPE_MESSAGE)
                .setTypeName(".test.v1." + type).setLabel(Label.LABEL_REPEATED).build();
    }
}
