package dev.overtone.parser.variants;

import java.util.List;

/** One way of reading a question differently, turned into SQL rewrites (named by its key in {@link VariantGenerator}). */
@FunctionalInterface
interface VariantFamily {

    List<Variant> propose(VariantContext ctx);
}
