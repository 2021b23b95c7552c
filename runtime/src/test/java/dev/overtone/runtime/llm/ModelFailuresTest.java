package dev.overtone.runtime.llm;

import com.fasterxml.jackson.core.JsonParseException;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.InternalServerException;
import dev.langchain4j.exception.RateLimitException;
import jakarta.ws.rs.ProcessingException;
import org.junit.jupiter.api.Test;

import java.net.ConnectException;
import java.net.http.HttpTimeoutException;

import static org.assertj.core.api.Assertions.assertThat;

class ModelFailuresTest {

    @Test
    void serverErrorsAndRateLimitsAreRetryableClientErrorsAreNot() {
        assertThat(ModelFailures.classify(new HttpException(503, "busy"))).isInstanceOf(RetryableModelFailure.class)
                .hasMessage("HTTP 503 from the model endpoint");
        assertThat(ModelFailures.classify(new RateLimitException("slow down"))).isInstanceOf(RetryableModelFailure.class);
        assertThat(ModelFailures.classify(new InternalServerException("oops"))).isInstanceOf(RetryableModelFailure.class);
        ModelFailure notFound = ModelFailures.classify(new RuntimeException("wrapped", new HttpException(404, "The model `x` does not exist.")));
        assertThat(notFound).isNotInstanceOf(RetryableModelFailure.class).hasMessage("HTTP 404 from the model endpoint");
    }

    @Test
    void anAnswerWithoutChoicesIsFinalThoughLangchain4jCallsItAServerError() {
        ModelFailure noChoices = ModelFailures.classify(
                new InternalServerException("Chat completion failed: no choices returned in response"));
        assertThat(noChoices).isNotInstanceOf(RetryableModelFailure.class).hasMessage(ModelFailures.NO_TEXT);
    }

    @Test
    void aStatusOnlyInTheMessageIsRead() {
        assertThat(ModelFailures.classify(new dev.langchain4j.exception.LangChain4jException("Received status code 400 from server")))
                .isNotInstanceOf(RetryableModelFailure.class).hasMessage("HTTP 400 from the model endpoint");
    }

    @Test
    void timeoutsAreRetryableAndSaySo() {
        ModelFailure failure = ModelFailures.classify(new RuntimeException(new HttpTimeoutException("request timed out")));
        assertThat(failure).isInstanceOf(ModelTimeout.class).isInstanceOf(RetryableModelFailure.class);
        assertThat(failure.timedOut()).isTrue();
        ModelFailure wrapped = ModelFailures.classify(new ProcessingException(
                new RuntimeException("The timeout period of 4000ms has been exceeded while executing POST /v1/chat/completions")));
        assertThat(wrapped).isInstanceOf(ModelTimeout.class);
        assertThat(ModelFailures.classify(new ConnectException("Connection refused")).timedOut()).isFalse();
    }

    @Test
    void brokenBodiesAndDroppedConnectionsAreRetryable() {
        assertThat(ModelFailures.classify(new ProcessingException(new JsonParseException(null, "Unexpected end-of-input\n at [Source..."))))
                .isInstanceOf(RetryableModelFailure.class).hasMessage("malformed JSON from the model endpoint: Unexpected end-of-input");
        assertThat(ModelFailures.classify(new ConnectException("Connection refused")))
                .isInstanceOf(RetryableModelFailure.class).hasMessage("model endpoint unreachable: Connection refused");
    }

    @Test
    void anythingElseIsFinalAndNeverShowsAClassName() {
        ModelFailure failure = ModelFailures.classify(new IllegalArgumentException());
        assertThat(failure).isNotInstanceOf(RetryableModelFailure.class).hasMessage("unusable model response: no detail given");
        assertThat(ModelFailures.classify(failure)).isSameAs(failure);
    }
}
