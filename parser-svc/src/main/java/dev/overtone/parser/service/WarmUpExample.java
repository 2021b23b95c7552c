package dev.overtone.parser.service;

import dev.overtone.parser.analysis.SchemaIndex;
import dev.overtone.parser.analysis.SqlAnalyzer;
import dev.overtone.parser.variants.Variant;
import dev.overtone.parser.verbalize.Verbalizer;
import dev.overtone.parser.mapping.AnalysisMapping;
import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.ForeignKey;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;
import dev.overtone.proto.v1.ValueType;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;
import java.util.Set;

/**
 * A small built-in example run through Analyze, Variants (which loads the embedding model and
 * embeds the question's words) and Verbalize once at start, so the first real request finds the
 * model loaded and the code paths warm. It is warm-up data, not a rule: nothing depends on its names.
 */
@ApplicationScoped
public class WarmUpExample {

    static final String SQL = "SELECT name, stars FROM hotels";
    static final String QUESTION = "return the rating of each hotel";

    private final VariantsService variants;
    private final SqlAnalyzer analyzer = new SqlAnalyzer();
    private final Verbalizer verbalizer = new Verbalizer();

    public WarmUpExample(VariantsService variants) {
        this.variants = variants;
    }

    public void run() {
        Schema schema = schema();
        AnalysisMapping.toProto(analyzer.analyze(SQL, SchemaIndex.of(schema)));
        List<Variant> found = variants.variants(SQL, schema, QUESTION, 0, Set.of());
        if (found.isEmpty()) {
            throw new IllegalStateException("the built-in example '" + SQL + "' gave no variants; Variants is not working");
        }
        found.forEach(AnalysisMapping::toProto);
        verbalizer.verbalize(found.get(0).sql(), SchemaIndex.of(schema));
    }

    static Schema schema() {
        return Schema.newBuilder().setDialect("sqlite")
                .addTables(Table.newBuilder().setName("hotels").addPrimaryKey("id")
                        .addColumns(column("id", ValueType.VALUE_TYPE_INTEGER).setPrimaryKey(true))
                        .addColumns(column("name", ValueType.VALUE_TYPE_TEXT).addSampleValues("Grand"))
                        .addColumns(column("stars", ValueType.VALUE_TYPE_INTEGER).addSampleValues("5")))
                .addTables(Table.newBuilder().setName("reviews").addPrimaryKey("id")
                        .addColumns(column("id", ValueType.VALUE_TYPE_INTEGER).setPrimaryKey(true))
                        .addColumns(column("hotel_id", ValueType.VALUE_TYPE_INTEGER))
                        .addColumns(column("score", ValueType.VALUE_TYPE_REAL))
                        .addForeignKeys(ForeignKey.newBuilder().addColumns("hotel_id").setReferencedTable("hotels").addReferencedColumns("id")))
                .build();
    }

    private static Column.Builder column(String name, ValueType type) {
        return Column.newBuilder().setName(name).setValueType(type)
                .setDeclaredType(type == ValueType.VALUE_TYPE_TEXT ? "TEXT" : type == ValueType.VALUE_TYPE_REAL ? "REAL" : "INTEGER");
    }
}
