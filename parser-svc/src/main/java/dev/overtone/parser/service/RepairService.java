package dev.overtone.parser.service;

import dev.overtone.parser.analysis.SchemaIndex;
import dev.overtone.parser.analysis.SqlRepairer;
import dev.overtone.parser.config.ParserConfig;
import dev.overtone.proto.v1.RepairKind;
import dev.overtone.proto.v1.RepairResponse;
import dev.overtone.proto.v1.RepairedSql;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.SqlRepair;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;

/**
 * A SQL the database refused, turned into the SQLs its error says it could mean: the structural
 * repairs first (ambiguous column qualified, closest name); when they find nothing and an LLM is
 * configured, the model's correction, re-asked with the engine's error.
 */
@ApplicationScoped
public class RepairService {

    private final SqlRepairer repairer;
    private final ParseService parseService;
    private final int defaultMax;

    public RepairService(ParserConfig config, ParseService parseService, VariantsService variants) {
        this.repairer = new SqlRepairer(variants.similarity());
        this.parseService = parseService;
        this.defaultMax = config.repair().defaultMax();
    }

    public RepairResponse repair(String sql, String engineMessage, Schema schema, String question, int max) {
        if (sql == null || sql.isBlank()) throw new IllegalArgumentException("sql is empty: pass the SQL that failed");
        if (engineMessage == null || engineMessage.isBlank())
            throw new IllegalArgumentException("error_message is empty: pass the engine's message for the failed SQL");
        int limit = max <= 0 ? defaultMax : max;
        RepairResponse.Builder out = RepairResponse.newBuilder();
        List<SqlRepairer.Repair> structural = repairer.repair(sql, engineMessage, SchemaIndex.of(schema));
        for (SqlRepairer.Repair r : structural.subList(0, Math.min(limit, structural.size()))) {
            out.addRepairs(RepairedSql.newBuilder().setSql(r.sql()).setRepair(SqlRepair.newBuilder().setKind(kind(r.kind()))
                    .setOriginalSql(sql).setEngineMessage(engineMessage).setReplaced(r.replaced()).setReplacement(r.replacement())
                    .setDescription(r.description())));
        }
        if (out.getRepairsCount() > 0) return out.build();
        if (!parseService.configured()) {
            return out.setUnrepairedReason("the error names no ambiguous column and no unknown name close to the schema's, "
                    + "and no LLM is configured to rewrite the SQL").build();
        }
        try {
            ParseService.ParseResult r = parseService.rewrite(sql, engineMessage, schema, question);
            return out.addRepairs(RepairedSql.newBuilder().setSql(r.sql()).setRepair(SqlRepair.newBuilder()
                    .setKind(RepairKind.REPAIR_KIND_LLM_REWRITE).setOriginalSql(sql).setEngineMessage(engineMessage)
                    .setDescription("rewritten by the LLM, told the database's error"))).build();
        } catch (ParseFailedException e) {
            return out.setUnrepairedReason("the LLM gave no valid rewrite: " + e.getMessage()).build();
        }
    }

    private static RepairKind kind(SqlRepairer.Kind kind) {
        return switch (kind) {
            case QUALIFIED_AMBIGUOUS_COLUMN -> RepairKind.REPAIR_KIND_QUALIFIED_AMBIGUOUS_COLUMN;
            case CLOSEST_COLUMN -> RepairKind.REPAIR_KIND_CLOSEST_COLUMN;
            case CLOSEST_TABLE -> RepairKind.REPAIR_KIND_CLOSEST_TABLE;
        };
    }
}
