package dev.overtone.bench.scoring;

import java.util.List;

/**
 * Area under the ROC curve of a score that should be higher for positives: the probability that a
 * random positive scores above a random negative, ties counting one half (Mann-Whitney U / (P·N)).
 */
public final class Auroc {

    private Auroc() {
    }

    /** One scored example: its score and whether it is a positive. */
    public record Point(double score, boolean positive) {
    }

    /** NaN when there are no positives or no negatives. */
    public static double of(List<Point> points) {
        long positives = points.stream().filter(Point::positive).count();
        long negatives = points.size() - positives;
        if (positives == 0 || negatives == 0) {
            return Double.NaN;
        }
        double wins = 0;
        for (Point p : points) {
            if (!p.positive()) {
                continue;
            }
            for (Point q : points) {
                if (q.positive()) {
                    continue;
                }
                wins += p.score() > q.score() ? 1.0 : p.score() == q.score() ? 0.5 : 0.0;
            }
        }
        return wins / (positives * negatives);
    }
}
