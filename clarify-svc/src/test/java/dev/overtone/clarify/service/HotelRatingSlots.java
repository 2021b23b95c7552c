package dev.overtone.clarify.service;

import java.util.List;
import java.util.stream.Stream;

/**
 * The demo's fork, "the rating of each hotel", as parser-svc's analysis reports the two readings' slots
 * (schema-spelled values, "shows …" labels): the hotel's stars, or the average score of its reviews.
 */
final class HotelRatingSlots {

    private HotelRatingSlots() {
    }

    static SlotValue slot(String path, String value, String label, String... elements) {
        return new SlotValue(path, value, label, List.of(elements));
    }

    static List<SlotValue> stars(SlotValue... more) {
        return with(List.of(
                slot("select[0]", "hotels.name", "shows name of hotels", "hotels.name"),
                slot("select[1]", "hotels.stars", "shows stars of hotels", "hotels.stars"),
                slot("from[0]", "hotels", "reads hotels", "hotels")), more);
    }

    static List<SlotValue> averageScore(SlotValue... more) {
        return with(List.of(
                slot("select[0]", "hotels.name", "shows name of hotels", "hotels.name"),
                slot("select[1]", "AVG(reviews.score)", "shows average score of reviews", "reviews.score"),
                slot("from[0]", "hotels", "reads hotels", "hotels"),
                slot("join[1]", "reviews", "joins reviews", "reviews"),
                slot("join[1]/on", "reviews.hotel_id = hotels.id", "joined on hotel id of reviews is id of hotels", "reviews.hotel_id", "hotels.id"),
                slot("group_by[0]", "hotels.id", "grouped by id of hotels", "hotels.id"),
                slot("group_by[1]", "hotels.name", "grouped by name of hotels", "hotels.name")), more);
    }

    private static List<SlotValue> with(List<SlotValue> reading, SlotValue... more) {
        return Stream.concat(reading.stream(), Stream.of(more)).toList();
    }
}
