package dev.overtone.interpreter.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;
import dev.overtone.runtime.embedding.MiniLm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Names read as words, and a phrase's closeness in meaning to the nearest of them (the real MiniLM). */
class SchemaMeaningTest {
    /** Names that spell no question word of the tests but mean some of them. */
    static final Schema RETREATS = Schema.newBuilder()
            .addTables(Table.newBuilder().setName("Wellness_Retreat")
                    .addColumns(Column.newBuilder().setName("programName"))
                    .addColumns(Column.newBuilder().setName("price_per_night")))
            .build();

    @ParameterizedTest(name = "{0} reads as \"{1}\"")
    @CsvSource({
            "Wellness_Retreat, wellness retreat",
            "programName, program name",
            "price_per_night, price per night",
            "HTTPStatus2, httpstatus2",
            "__, ''",
    })
    void aNameIsReadAsLowerCaseWords(String name, String words) {
        assertThat(SchemaMeaning.words(name)).isEqualTo(words);
    }

    @Test
    void theSchemasNamesComeOnceEachTablesFirst() {
        Schema twice = RETREATS.toBuilder().addTables(Table.newBuilder().setName("wellness retreat")
                .addColumns(Column.newBuilder().setName("ProgramName"))).build();

        assertThat(SchemaMeaning.names(twice)).containsExactly("wellness retreat", "program name", "price per night");
    }

    @Test
    void aPhraseOfTheSchemasMeaningComesCloserThanOneOfAnother() {
        SchemaMeaning meaning = new SchemaMeaning(MiniLm::load, 100);

        double programs = meaning.closest("programs", RETREATS);
        double invoices = meaning.closest("tax invoices of the ferry", RETREATS);
        assertThat(programs).isGreaterThan(invoices);
        assertThat(meaning.closest("wellness retreat", RETREATS)).isGreaterThan(0.99);
        assertThat(meaning.closest("programs", Schema.getDefaultInstance())).isZero();
    }
}
