package dev.overtone.parser.variants;

import java.util.List;

/** One way of reading a question differently, turned into SQL rewrites. */
interface VariantFamily {

    String name();

    List<Variant> propose(VariantContext ctx);
}
