package dev.overtone.infill.service;

import dev.overtone.infill.client.ParserClient;
import dev.overtone.runtime.grpc.DownstreamFailure;
import dev.overtone.infill.config.InfillConfig;
import dev.overtone.proto.v1.AnalyzeResponse;
import dev.overtone.proto.v1.AnalyzeResult;
import dev.overtone.proto.v1.Degradation;
import dev.overtone.proto.v1.DegradationCause;
import dev.overtone.proto.v1.InfillRequest;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.InfillStrategy;
import dev.overtone.proto.v1.InfilledReading;
import dev.overtone.proto.v1.Reading;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.SqlAnalysis;
import dev.overtone.proto.v1.Variant;
import dev.overtone.proto.v1.VariantsResult;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Structural infill: parser-svc Variants over the SQL found so far, minus what the set already
 * covers by canonical form, best-scored first. One VariantsBatch call (it returns each source's
 * analysis with its variants, and variants come canonical and analysed) for the sources this call
 * ({@code call_id}) has not varied in an earlier round ({@link VariedReadings}), plus one AnalyzeBatch for
 * readings beyond {@code max-sources} whose analysis the caller did not send. The analyses travel on:
 * each offered reading carries its own, and the proposal those of the given readings. Blocking; call
 * it on a worker.
 */
@ApplicationScoped
public class StructuralInfill {
    @Inject
    InfillConfig config;
    @Inject
    ParserClient parser;
    @Inject
    VariedReadings variedReadings;

    private record Candidate(Variant variant, String derivedFrom) {
    }

    public Proposal propose(InfillRequest request, int max) {
        long deadline = System.nanoTime() + config.structural().budget().toNanos();
        List<Reading> withSql = request.getReadingsList().stream().filter(r -> !r.getSql().isBlank()).toList();
        VariedReadings.Ask ask = new VariedReadings.Ask(request.getQuestion(), request.getOptions().getFamiliesList());
        Map<String, VariantsResult> kept = variedReadings.of(request.getCallId(), ask);
        if (request.getLastRound()) {
            variedReadings.forget(request.getCallId()); // a last round keeps nothing, whether or not it varies anything
        }
        SiblingSwaps swaps = new SiblingSwaps(config.structural().varySiblingSwaps() ? List.of() : kept.values());
        List<Reading> sources = withSql.stream().filter(r -> swaps.varies(r.getSql()))
                .limit(config.structural().maxSources()).toList();
        if (sources.isEmpty()) {
            return Proposal.skipped();
        }
        Schema schema = request.getSchema();
        Set<String> covered = new HashSet<>();
        Map<String, SqlAnalysis> readingAnalyses = new HashMap<>();
        List<Candidate> candidates = new ArrayList<>();
        DownstreamFailure failure = null;
        try {
            List<Reading> rest = new ArrayList<>();
            Set<String> sourceIds = sources.stream().map(Reading::getId).collect(java.util.stream.Collectors.toSet());
            for (Reading r : withSql.stream().filter(r -> !sourceIds.contains(r.getId())).toList()) {
                SqlAnalysis held = request.getReadingAnalysesOrDefault(r.getId(), null);
                if (held != null) {
                    covered.add(held.getCanonicalSql());
                } else {
                    rest.add(r);
                }
            }
            if (!rest.isEmpty()) {
                List<AnalyzeResult> analysed = parser.analyze(sqls(rest), schema, timeout(deadline));
                for (int i = 0; i < rest.size(); i++) {
                    if (analysed.get(i).hasAnalysis()) {
                        AnalyzeResponse a = analysed.get(i).getAnalysis();
                        covered.add(a.getCanonicalSql());
                        readingAnalyses.put(rest.get(i).getId(), SqlAnalysis.newBuilder().addAllSlots(a.getSlotsList())
                                .setCanonicalSql(a.getCanonicalSql()).addAllTables(a.getTablesList()).addAllColumns(a.getColumnsList()).build());
                    } else {
                        covered.add(plain(rest.get(i).getSql()));
                    }
                }
            }
            Map<String, VariantsResult> varied = variants(request, ask, kept, sources, withSql, timeout(deadline));
            for (int i = 0; i < sources.size(); i++) {
                VariantsResult result = varied.get(sources.get(i).getSql());
                if (result.getError().isEmpty()) {
                    covered.add(result.getCanonicalSql());
                    readingAnalyses.put(sources.get(i).getId(), result.getAnalysis());
                } else {
                    covered.add(plain(sources.get(i).getSql()));
                }
                for (Variant v : result.getVariantsList()) {
                    if (swaps.offers(sources.get(i).getSql(), v)) {
                        candidates.add(new Candidate(v, sources.get(i).getId()));
                    }
                }
            }
        } catch (DownstreamFailure e) {
            failure = e;
        }
        candidates.sort(Comparator.comparingDouble((Candidate c) -> -c.variant().getScore()));
        List<InfilledReading> out = new ArrayList<>();
        for (Candidate c : candidates) {
            if (out.size() >= max) {
                break;
            }
            // Variants come in canonical form, so their text is their key.
            if (covered.add(c.variant().getSql())) {
                out.add(InfilledReading.newBuilder().setSql(c.variant().getSql()).setText(c.variant().getDescription())
                        .setStrategy(InfillStrategy.INFILL_STRATEGY_STRUCTURAL).setFamily(c.variant().getFamily())
                        .setDerivedFrom(c.derivedFrom()).setAnalysis(c.variant().getAnalysis()).build());
            }
        }
        Optional<Degradation> degradation = failure == null ? Optional.empty()
                : Optional.of(Proposal.degradation(Stage.STAGE_INFILL_STRUCTURAL, cause(failure.code()), "parser-svc",
                        "structural: " + failure.getMessage() + (out.isEmpty() ? "" : "; partial variants only")));
        return new Proposal(out, false, degradation, readingAnalyses);
    }

    /**
     * The sources' variants by their SQL: those this call's earlier round already had (kept by
     * {@link VariedReadings}), and one VariantsBatch for the others, with every other reading that has SQL as
     * a partner they may be combined with (parser-svc's combination family). A last round keeps nothing.
     */
    private Map<String, VariantsResult> variants(InfillRequest request, VariedReadings.Ask ask, Map<String, VariantsResult> kept,
            List<Reading> sources, List<Reading> withSql, long timeoutMillis) {
        Map<String, VariantsResult> bySql = new HashMap<>(kept);
        List<String> toVary = sources.stream().map(Reading::getSql).filter(sql -> !bySql.containsKey(sql)).distinct().toList();
        if (toVary.isEmpty()) {
            return bySql;
        }
        List<String> partners = withSql.stream().map(Reading::getSql).filter(sql -> !toVary.contains(sql)).distinct().toList();
        List<VariantsResult> results = parser.variants(toVary, partners, request.getSchema(), request.getQuestion(),
                config.structural().variantsPerReading(), ask.families(), timeoutMillis);
        Map<String, VariantsResult> fresh = new HashMap<>();
        for (int i = 0; i < toVary.size(); i++) {
            fresh.put(toVary.get(i), results.get(i));
        }
        if (!request.getLastRound()) {
            variedReadings.keep(request.getCallId(), ask, fresh);
        }
        bySql.putAll(fresh);
        return bySql;
    }

    private static List<String> sqls(List<Reading> readings) {
        return readings.stream().map(Reading::getSql).toList();
    }

    private static DegradationCause cause(io.grpc.Status.Code code) {
        return switch (code) {
            case UNAVAILABLE -> DegradationCause.DEGRADATION_CAUSE_UNAVAILABLE;
            case DEADLINE_EXCEEDED -> DegradationCause.DEGRADATION_CAUSE_DEADLINE_EXCEEDED;
            default -> DegradationCause.DEGRADATION_CAUSE_FAILED;
        };
    }

    private long timeout(long deadline) {
        return Math.min(config.structural().timeout().toMillis(), Math.max(0, (deadline - System.nanoTime()) / 1_000_000));
    }

    private static String plain(String sql) {
        return sql.strip().replaceAll(";+$", "").replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }
}
