package dev.overtone.parser.analysis;

import java.util.List;

/** One way of reading a question differently, turned into SQL rewrites. */
interface VariantFamily {

    String name();

    List<Variant> propose(VariantContext ctx);
}
