package dev.overtone.clarify.support;

import dev.overtone.proto.v1.AnswerRequest;
import dev.overtone.proto.v1.Candidate;
import dev.overtone.proto.v1.ClarifyOptions;
import dev.overtone.proto.v1.Reply;
import dev.overtone.proto.v1.StartRequest;
import java.util.UUID;

/** "Return the rating of each hotel" with three readings: stars, review score, stars of good hotels. */
public final class HotelDialogue {
    public static final String QUESTION = "Return the rating of each hotel";
    public static final String STARS = "SELECT hotels.name, hotels.stars FROM hotels";
    public static final String SCORE = "SELECT hotels.name, AVG(reviews.score) FROM hotels JOIN reviews ON reviews.hotel_id = hotels.id GROUP BY hotels.name";
    public static final String GOOD_STARS = "SELECT hotels.name, hotels.stars FROM hotels WHERE hotels.stars > 3";

    private HotelDialogue() {
    }

    public static StartRequest start() {
        return StartRequest.newBuilder()
                .setQuestion(QUESTION)
                .addCandidates(Candidate.newBuilder().setId("stars").setSql(STARS).setText("each hotel's star rating").setProbability(0.5))
                .addCandidates(Candidate.newBuilder().setId("score").setSql(SCORE).setText("each hotel's average review score").setProbability(0.3))
                .addCandidates(Candidate.newBuilder().setId("good-stars").setSql(GOOD_STARS).setText("star rating of hotels above 3 stars").setProbability(0.2))
                .setOptions(ClarifyOptions.newBuilder().setConfidenceThreshold(0.9))
                .build();
    }

    public static AnswerRequest option(String session, int turn, String optionId) {
        return AnswerRequest.newBuilder().setSessionId(session).setTurn(turn)
                .setReply(Reply.newBuilder().setOptionId(optionId)).setIdempotencyKey(UUID.randomUUID().toString()).build();
    }

    public static AnswerRequest text(String session, int turn, String text) {
        return AnswerRequest.newBuilder().setSessionId(session).setTurn(turn)
                .setReply(Reply.newBuilder().setFreeText(text)).setIdempotencyKey(UUID.randomUUID().toString()).build();
    }
}
