package dev.overtone.interpreter.ranking;

import dev.overtone.proto.v1.Table;

import java.util.Set;

import static dev.overtone.interpreter.ranking.RankingFixtures.table;

/**
 * The shape of an Ambrosia* dev table with a mean and a median of one measure, and the columns three readings of
 * "their commute time" read: the mean, the median, both.
 */
final class CommuteReadings {
    static final Table NEIGHBORHOOD = table("Neighborhood", "id", "name", "population", "mean_commute_time", "median_commute_time");
    static final Set<String> MEAN = Set.of("neighborhood", "name", "mean_commute_time");
    static final Set<String> MEDIAN = Set.of("neighborhood", "name", "median_commute_time");
    static final Set<String> BOTH = Set.of("neighborhood", "name", "mean_commute_time", "median_commute_time");

    private CommuteReadings() {
    }
}
