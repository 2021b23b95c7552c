package dev.overtone.runtime.grpc;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * The values a contract's string field may take: a proto enum's values by the lower-case names the field uses
 * ({@code VARIANT_FAMILY_COLUMN} is "column"). Each service generates its own stubs, so each hands in its own
 * enum's values; what it refuses reads the same everywhere.
 *
 * @param field the request's field, as the contract names it
 * @param kind what one value is, in words
 * @param names every value's name, in the contract's order
 */
public record ContractNames(String field, String kind, List<String> names) {
    private static final String UNSPECIFIED = "UNSPECIFIED";
    private static final String UNRECOGNIZED = "UNRECOGNIZED";

    /** The names of a generated proto enum whose first value is its {@code <PREFIX>UNSPECIFIED}. */
    public static ContractNames of(String field, String kind, Enum<?>[] values) {
        String unspecified = values[0].name();
        if (!unspecified.endsWith(UNSPECIFIED)) {
            throw new IllegalArgumentException("a proto enum starts with its _UNSPECIFIED value, not " + unspecified);
        }
        String prefix = unspecified.substring(0, unspecified.length() - UNSPECIFIED.length());
        List<String> names = Arrays.stream(values).skip(1).map(Enum::name).filter(n -> !n.equals(UNRECOGNIZED))
                .map(n -> n.substring(prefix.length()).toLowerCase(Locale.ROOT)).toList();
        return new ContractNames(field, kind, names);
    }

    /** IllegalArgumentException naming the first of {@code requested} that is no value, and the values. */
    public void check(Collection<String> requested) {
        for (String name : requested) {
            if (!names.contains(name)) {
                throw new IllegalArgumentException(field + " names \"" + name + "\", which is no " + kind + "; the "
                        + kind + " names are " + String.join(", ", names));
            }
        }
    }
}
