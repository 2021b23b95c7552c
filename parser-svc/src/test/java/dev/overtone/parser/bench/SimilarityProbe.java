package dev.overtone.parser.bench;

import dev.overtone.parser.analysis.NameSimilarity;
import dev.overtone.parser.analysis.Phrasing;
import dev.overtone.parser.service.EmbeddingNameSimilarity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/** Prints name closeness for pairs given in -Dovertone.probe="a:b,c:d" (a development aid, opt-in). */
@EnabledIfSystemProperty(named = "overtone.probe", matches = ".+")
class SimilarityProbe {
    @Test
    void print() {
        EmbeddingNameSimilarity sim = new EmbeddingNameSimilarity(1000);
        for (String pair : System.getProperty("overtone.probe").split(",")) {
            String[] p = pair.split(":");
            System.out.printf("PROBE %-40s sem %.2f lex %.2f%n", pair, sim.semantic(Phrasing.words(p[0]), Phrasing.words(p[1])), NameSimilarity.lexical(p[0], p[1]));
        }
    }
}
