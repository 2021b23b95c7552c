package dev.overtone.clarify.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.clarify.repository.RememberedChoices.PagePosition;
import dev.overtone.clarify.service.ClarifyException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class PageTokenTest {
    private static final UUID ID = UUID.fromString("6f1d2c1e-8a51-4b0c-9f3a-0d6a1c2b3e4f");

    @Test
    void aTokenReadsBackAsTheLastChoicesTimeToTheMicrosecondAndItsId() {
        Instant at = Instant.parse("2026-03-01T10:15:30.123456789Z");
        String token = PageToken.of("acme", "hotels", choiceAt(at));

        PagePosition position = PageToken.read(token, "acme", "hotels");

        assertThat(position.chosenAt()).isEqualTo(Instant.parse("2026-03-01T10:15:30.123456Z"));
        assertThat(position.id()).isEqualTo(ID);
    }

    @Test
    void aTimeBeforeTheEpochKeepsItsMicrosecondsRightSideUp() {
        Instant at = Instant.parse("1969-12-31T23:59:59.250Z");

        PagePosition position = PageToken.read(PageToken.of("acme", "hotels", choiceAt(at)), "acme", "hotels");

        assertThat(position.chosenAt()).isEqualTo(at);
    }

    @Test
    void noTokenIsTheFirstPage() {
        assertThat(PageToken.read(null, "acme", "hotels")).isNull();
        assertThat(PageToken.read("", "acme", "hotels")).isNull();
    }

    @Test
    void aTokenOfAnotherListingIsRefusedNamingTheListing() {
        String token = PageToken.of("acme", "hotels", choiceAt(Instant.parse("2026-03-01T10:15:30Z")));

        assertThatThrownBy(() -> PageToken.read(token, "acme", "flights"))
                .isInstanceOfSatisfying(ClarifyException.class, e -> assertThat(e.kind()).isEqualTo(ClarifyException.Kind.INVALID_ARGUMENT))
                .hasMessageContaining("tenant 'acme', database 'flights'");
        assertThatThrownBy(() -> PageToken.read(token, "other", "hotels")).isInstanceOf(ClarifyException.class);
    }

    @Test
    void aTokenThatIsNotOursIsRefusedNotThrownAsAParseError() {
        String forged = Base64.getUrlEncoder().encodeToString("1\nacme\nhotels\nsoon\nnot-a-uuid".getBytes(StandardCharsets.UTF_8));
        String otherVersion = Base64.getUrlEncoder().encodeToString(("2\nacme\nhotels\n0\n" + ID).getBytes(StandardCharsets.UTF_8));

        for (String token : List.of("%%%", forged, otherVersion)) {
            assertThatThrownBy(() -> PageToken.read(token, "acme", "hotels"))
                    .isInstanceOf(ClarifyException.class).hasMessageContaining("next_page_token");
        }
    }

    private static Choice choiceAt(Instant at) {
        return new Choice(ID, "acme", "hotels", "select", "rating", "hotels.stars", List.of(), "the stars", "q",
                Choice.Source.DIALOGUE, at, at.plusSeconds(3600));
    }
}
