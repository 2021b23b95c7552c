package dev.overtone.interpreter.fake;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.proto.v1.InfillRequest;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The Infill rounds a fake saw, against what infill-svc does with {@code call_id} (infill.proto): it keeps a call's
 * parser-svc variants under the id until the round marked {@code last_round}, then forgets them. A round without an
 * id, or one after its call's last round, is a break of that contract; a retry of the last round itself (the same
 * request again, after UNAVAILABLE) is not.
 */
final class CallRounds {
    private final Map<String, InfillRequest> lastRounds = new ConcurrentHashMap<>();
    private final List<String> breaks = new CopyOnWriteArrayList<>();

    void saw(InfillRequest request) {
        String call = request.getCallId();
        InfillRequest last = lastRounds.get(call);
        if (call.isEmpty()) {
            breaks.add("a round without call_id: infill-svc keeps nothing for it and asks parser-svc again every round");
        } else if (last != null && !last.equals(request)) {
            breaks.add("a round of call " + call + " after its last_round: infill-svc had forgotten the call");
        } else if (request.getLastRound()) {
            lastRounds.put(call, request);
        }
    }

    void assertKeptTheContract() {
        assertThat(breaks).as("Infill rounds against infill.proto's call_id and last_round").isEmpty();
    }
}
