package dev.overtone.bench.memory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import dev.overtone.bench.dataset.Example;

/**
 * The demo tenant's question as the memory protocol asks it: "return the rating of each hotel" with the team's one SQL
 * (the stars), its two readings as golds, and two siblings that each say one reading; on a fresh tenant of the run that
 * holds a copy of nothing but the demo's own SQLite file ({@code $OVERTONE_HOME/tenants/demo/hotels.sqlite}).
 */
final class DemoQuestions {
    static final String DATABASE = "hotels";
    static final String STARS = "SELECT name, stars FROM hotels";
    static final String SCORE = "SELECT h.name, AVG(r.score) AS rating FROM hotels h JOIN reviews r ON r.hotel_id = h.id GROUP BY h.id, h.name";

    private DemoQuestions() {
    }

    /** The demo group, or empty when the suite has not provisioned the demo tenant's SQLite file. */
    static Optional<MemoryCase.Group> group(Path home) {
        Path file = home.resolve("tenants").resolve("demo").resolve(DATABASE + ".sqlite");
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        return Optional.of(new MemoryCase.Group(DATABASE, file, List.of(rating()), List.of(
                question("demo-stars", "return the star rating of each hotel", STARS, false),
                question("demo-score", "return the average review score of each hotel", SCORE, false))));
    }

    static Example rating() {
        return new Example("demo-rating", "return the rating of each hotel", List.of(STARS, SCORE), null, null,
                List.of(new Example.Default(null, STARS, null)), "vague", true);
    }

    private static Example question(String id, String text, String gold, boolean ambiguous) {
        return new Example(id, text, List.of(gold), null, null, List.of(new Example.Default(null, STARS, null)), "vague", ambiguous);
    }
}
