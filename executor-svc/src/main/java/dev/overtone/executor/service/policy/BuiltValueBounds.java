package dev.overtone.executor.service.policy;

import dev.overtone.executor.service.EngineKind;
import dev.overtone.executor.service.SandboxException;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Functions that build a value as large as an argument says (PostgreSQL {@code repeat}, {@code lpad},
 * {@code rpad}; SQLite {@code zeroblob}, {@code randomblob}, {@code printf}/{@code format} widths) may
 * only be told a size by an integer literal no larger than {@code policy.max-built-length}, and may not
 * stand inside another builder's arguments nor inside a string function that never checks for
 * cancellation: the engines build or scan such values without looking at the statement's time limit.
 */
final class BuiltValueBounds {
    /** Builder name to the index of its size argument. */
    private static final Map<String, Integer> POSTGRESQL_BUILDERS = Map.of("repeat", 1, "lpad", 1, "rpad", 1);
    private static final Map<String, Integer> SQLITE_BUILDERS = Map.of("zeroblob", 0, "randomblob", 0);
    private static final Set<String> SQLITE_FORMATTERS = Set.of("printf", "format");
    /** PostgreSQL string functions that run to their end without checking for cancellation. */
    private static final Set<String> UNINTERRUPTIBLE = Set.of("strpos", "position", "replace", "translate",
            "split_part", "starts_with");

    private final EngineKind engine;
    private final long maxLength;

    BuiltValueBounds(EngineKind engine, long maxLength) {
        this.engine = engine;
        this.maxLength = maxLength;
    }

    void check(TokenView tokens, List<CallSites.Call> calls) {
        Map<String, Integer> builders = engine == EngineKind.POSTGRESQL ? POSTGRESQL_BUILDERS : SQLITE_BUILDERS;
        for (CallSites.Call call : calls) {
            Integer sizeArgument = builders.get(call.name());
            if (sizeArgument != null) {
                checkSize(tokens, call, sizeArgument);
                checkNoBuilderWithin(tokens, call, builders.keySet(), "'s arguments; builders of large values may not nest");
            } else if (engine == EngineKind.SQLITE && SQLITE_FORMATTERS.contains(call.name())) {
                checkFormat(tokens, call);
            }
        }
        if (engine == EngineKind.POSTGRESQL) {
            for (CallSites.Call call : calls) {
                if (UNINTERRUPTIBLE.contains(call.name())) {
                    checkNoBuilderWithin(tokens, call, builders.keySet(),
                            ", which the engine runs to its end without checking the time limit");
                }
            }
        }
    }

    private void checkSize(TokenView tokens, CallSites.Call call, int index) {
        List<int[]> arguments = tokens.arguments(call.index());
        if (arguments.size() <= index) {
            return; // the engine refuses the call itself
        }
        int[] size = arguments.get(index);
        long value = tokens.integerLiteral(size[0], size[1]);
        if (value < 0 || value > maxLength) {
            throw unbounded(call.name() + "'s size must be an integer literal of at most " + maxLength
                    + (value < 0 ? "" : ", not " + (value == Long.MAX_VALUE ? "a larger one" : value)));
        }
        if (call.name().equals("repeat")) {
            int[] text = arguments.get(0);
            boolean literal = text[1] - text[0] == 1 && tokens.get(text[0]).kind() == SqlLexer.Kind.STRING;
            long built = literal ? value * Math.max(1, tokens.get(text[0]).text().length() - 2) : value;
            if (built > maxLength) {
                throw unbounded("repeat would build " + built + " characters; at most " + maxLength + " may be built");
            }
        }
    }

    /** Refuses a builder among the call's arguments, at any depth; {@code why} ends the message. */
    private void checkNoBuilderWithin(TokenView tokens, CallSites.Call call, Set<String> builders, String why) {
        int close = tokens.matching(call.index() + 1);
        for (int i = call.index() + 2; i < close; i++) {
            if (tokens.isCallShaped(i) && builders.contains(tokens.name(i))) {
                throw unbounded(tokens.name(i) + " stands inside " + call.name() + why);
            }
        }
    }

    /** printf('%*d', n, x) and printf('%1000000000d', x) pad to any width. */
    private void checkFormat(TokenView tokens, CallSites.Call call) {
        List<int[]> arguments = tokens.arguments(call.index());
        if (arguments.isEmpty()) {
            return;
        }
        int[] format = arguments.get(0);
        if (format[1] - format[0] != 1 || tokens.get(format[0]).kind() != SqlLexer.Kind.STRING) {
            throw unbounded(call.name() + "'s format must be a string literal");
        }
        String text = tokens.get(format[0]).text();
        for (int i = text.indexOf('%'); i >= 0 && i < text.length(); i = text.indexOf('%', i + 1)) {
            int j = i + 1;
            long number = 0;
            while (j < text.length() && "-+ #0!,".indexOf(text.charAt(j)) >= 0 && !text.startsWith("%", j)) {
                j++;
            }
            while (j < text.length() && (Character.isDigit(text.charAt(j)) || text.charAt(j) == '.'
                    || text.charAt(j) == '*')) {
                char c = text.charAt(j++);
                if (c == '*') {
                    throw unbounded(call.name() + " takes a width or precision from an argument (*); write it in the"
                            + " format, at most " + maxLength);
                }
                number = c == '.' ? 0 : Math.min(Long.MAX_VALUE / 20, number * 10 + (c - '0'));
                if (number > maxLength) {
                    throw unbounded(call.name() + "'s width or precision is larger than " + maxLength);
                }
            }
            if (j < text.length() && text.charAt(j) == '%') {
                i = j; // %% is a literal percent sign
            }
        }
    }

    private SandboxException unbounded(String why) {
        return SandboxException.denied("unbounded-value", why + " (overtone.executor.policy.max-built-length); build"
                + " smaller values from literal sizes");
    }
}
