package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.SqlAnalysis;

import java.util.ArrayList;
import java.util.List;

/** All routes that reached one result fingerprint: the first is the interpretation, the rest its paraphrases. */
public final class ReadingGroup {
    private final String fingerprint;
    private final Route representative;
    private final ExecuteResponse result;
    private final List<Route> paraphrases = new ArrayList<>();
    private String text;
    private SqlAnalysis analysis;

    public ReadingGroup(String fingerprint, Route representative, ExecuteResponse result) {
        this.fingerprint = fingerprint;
        this.representative = representative;
        this.result = result;
        this.text = representative.hasText() ? representative.text().strip() : "";
    }

    public String fingerprint() {
        return fingerprint;
    }

    public Route representative() {
        return representative;
    }

    public ExecuteResponse result() {
        return result;
    }

    public List<Route> paraphrases() {
        return paraphrases;
    }

    public String text() {
        return text;
    }

    void text(String text) {
        this.text = text;
    }

    /** The representative's slots and canonical SQL, or null when nothing analysed it. */
    public SqlAnalysis analysis() {
        return analysis;
    }

    public void analysis(SqlAnalysis analysis) {
        this.analysis = analysis;
    }

    /** The representatives' SQLs, in the groups' order. */
    public static List<String> sqls(List<ReadingGroup> groups) {
        return groups.stream().map(g -> g.representative().sql()).toList();
    }

    /** Every route that reached this result, the representative first. */
    public List<Route> routes() {
        List<Route> all = new ArrayList<>();
        all.add(representative);
        all.addAll(paraphrases);
        return all;
    }
}
