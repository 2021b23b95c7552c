package dev.overtone.bench.memory;

import java.util.List;

/** What the memory protocol records, per database: the records {@link MemoryReport} counts. */
final class MemoryTrials {

    private MemoryTrials() {
    }

    /**
     * An ambiguous question resolved with the simulated user in a fresh tenant, then asked again there.
     *
     * @param reachable       some reading of the memory-off answer returns the intended gold's result
     * @param resolved        the dialogue ended on a reading that returns it
     * @param questions       questions the dialogue asked
     * @param rememberedFirst asked again, the first reading is the one chosen and carries {@code remembered} (where the
     *                        dialogue asked a question: one that resolved without asking left nothing to remember)
     * @param noQuestion      asked again with start_clarification, clarify-svc resolved it without a question
     * @param notAmbiguous    asked again, the outcome is not AMBIGUOUS
     * @param applied         asked again, some reading carries {@code remembered} (Recall applied a choice)
     */
    record Repeat(String id, boolean reachable, boolean resolved, int questions, boolean rememberedFirst, boolean noQuestion,
                  boolean notAmbiguous, boolean applied) {
    }

    /** The same question in another tenant of the same database file: {@code identical} to its memory-off answer. */
    record Isolation(String id, boolean identical, boolean anyRemembered) {
    }

    /**
     * An unambiguous sibling (same database) asked in the tenant that remembers, with memory on and off.
     *
     * @param contradicts its gold is not the intended reading of the question resolved (the memory says otherwise)
     * @param applied     with memory on, some reading carries {@code remembered}: Recall applied a choice to it
     */
    record Sibling(String id, boolean contradicts, boolean firstOn, boolean firstOff, boolean shownOn, boolean shownOff,
                   boolean applied) {
    }

    /**
     * Another ambiguous question of the database, asked in a tenant that remembers the first one's choice (Choose), with
     * memory on and off; the user means the same interpretation as the reading chosen for the first
     * ({@code MemoryCase.sameInterpretation}); none of the readings returning it, the question is unreachable and counts
     * as not first, with no questions.
     *
     * @param reachable    some reading, memory on or off, returns the intended gold
     * @param sharesChoice with memory on, a reading that returns the intended gold carries {@code remembered}
     * @param remembered   what Choose remembered for the first question ({@link MemoryAnswers#choices}), to read a case by
     * @param readingsOn   the answer's first readings with memory on ({@link MemoryAnswers#readings}), to read a case by
     * @param readingsOff  the same with memory off
     */
    record Transfer(String id, boolean reachable, boolean sharesChoice, boolean firstOn, boolean firstOff, int questionsOn, int questionsOff,
                    List<String> remembered, List<String> readingsOn, List<String> readingsOff) {

        Transfer(String id, boolean reachable, boolean sharesChoice, boolean firstOn, boolean firstOff, int questionsOn, int questionsOff) {
            this(id, reachable, sharesChoice, firstOn, firstOff, questionsOn, questionsOff, List.of(), List.of(), List.of());
        }
    }

    /** One database's records; {@code error} when a call failed and the database was left. */
    record Case(String database, List<Repeat> repeats, List<Isolation> isolations, List<Sibling> siblings,
                List<Transfer> transfers, String error) {
    }
}
