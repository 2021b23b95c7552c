package dev.overtone.interpreter.grpc;

import dev.overtone.runtime.testing.ConfigProfile;
import java.util.HashMap;
import java.util.Map;

/**
 * A memory test's own app (a subclass per test class), so its memory watch follows that class's clarify-svc fake from the
 * first call; the watch resubscribes within 50 ms. A subclass adds the knobs its test is about.
 */
public abstract class WatchProfile extends ConfigProfile {

    protected WatchProfile(Map<String, String> knobs) {
        super(withQuickResubscribe(knobs));
    }

    private static Map<String, String> withQuickResubscribe(Map<String, String> knobs) {
        Map<String, String> all = new HashMap<>(knobs);
        all.put("overtone.interpreter.memory.watch.backoff-min", "10ms");
        all.put("overtone.interpreter.memory.watch.backoff-max", "50ms");
        return all;
    }
}
