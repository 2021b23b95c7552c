package dev.overtone.clarify.support;

import dev.overtone.proto.v1.Candidate;
import dev.overtone.proto.v1.ChooseRequest;
import dev.overtone.proto.v1.ForgetRequest;
import dev.overtone.proto.v1.ListChoicesRequest;
import dev.overtone.proto.v1.MemoryScope;
import dev.overtone.proto.v1.RemembersRequest;
import dev.overtone.proto.v1.RecallRequest;
import dev.overtone.proto.v1.SqlAnalysis;
import dev.overtone.proto.v1.StartRequest;
import dev.overtone.proto.v1.Turn;
import java.util.List;
import java.util.UUID;

/** The hotel dialogue's requests to the memory RPCs, for a tenant of the test's own, and the memory's rows as stored. */
public final class MemoryCalls {

    private MemoryCalls() {
    }

    /** A tenant no other test uses: the tests share one database. */
    public static String newTenant() {
        return "tenant-" + UUID.randomUUID();
    }

    public static StartRequest start(String tenant, String database) {
        return HotelDialogue.start().toBuilder().setTenant(tenant).setDatabase(database).build();
    }

    public static List<Candidate> candidates() {
        return HotelDialogue.start().getCandidatesList();
    }

    public static ChooseRequest choose(String tenant, String database, String chosen) {
        return ChooseRequest.newBuilder().setTenant(tenant).setDatabase(database).setQuestion(HotelDialogue.QUESTION)
                .addAllCandidates(candidates()).setChosenCandidateId(chosen).build();
    }

    public static RecallRequest recall(String tenant, String database, String question) {
        return RecallRequest.newBuilder().setTenant(tenant).setDatabase(database).setQuestion(question).addAllCandidates(candidates()).build();
    }

    /** A Remembers about these (tenant, database) pairs, given flat: tenant, database, tenant, database, ... */
    public static RemembersRequest remembers(String... tenantsAndDatabases) {
        RemembersRequest.Builder b = RemembersRequest.newBuilder();
        for (int i = 0; i < tenantsAndDatabases.length; i += 2) {
            b.addScopes(MemoryScope.newBuilder().setTenant(tenantsAndDatabases[i]).setDatabase(tenantsAndDatabases[i + 1]));
        }
        return b.build();
    }

    public static ListChoicesRequest list(String tenant, String database) {
        return ListChoicesRequest.newBuilder().setTenant(tenant).setDatabase(database).build();
    }

    public static ForgetRequest forget(String tenant, String database, String choiceId) {
        return ForgetRequest.newBuilder().setTenant(tenant).setDatabase(database).setChoiceId(choiceId).build();
    }

    /** The candidates as interpreter-svc sends them: each with its analysis (parser-svc's, recorded), so that no parser-svc call is needed. */
    public static List<Candidate> analysed(List<Candidate> candidates) {
        return candidates.stream().map(c -> c.toBuilder()
                .setAnalysis(SqlAnalysis.newBuilder().addAllSlots(FakeParserServer.analysis(c.getSql()).getSlotsList())).build()).toList();
    }

    /** A turn as the caller reads it, whichever session it belongs to. */
    public static Turn withoutSession(Turn turn) {
        return turn.toBuilder().clearSessionId().build();
    }

    /** Rows of the tenant's memory as stored (expired ones included). */
    public static long storedChoices(String tenant) {
        return (Long) StoredRows.value("SELECT count(*) FROM clarify_remembered_choice WHERE tenant = ?", tenant);
    }
}
