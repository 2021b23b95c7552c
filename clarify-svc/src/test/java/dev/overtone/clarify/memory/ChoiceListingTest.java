package dev.overtone.clarify.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.clarify.service.ClarifyException;
import org.junit.jupiter.api.Test;

/** What ListChoices and Forget refuse before they read or write anything (their effects: MemoryRpcTest). */
class ChoiceListingTest {
    private final ChoiceListing listing = new ChoiceListing();

    @Test
    void aListingNeedsATenantAndAPageSizeWithinBounds() {
        assertThatThrownBy(() -> listing.list(" ", "hotels", 0, "")).isInstanceOfSatisfying(ClarifyException.class,
                e -> assertThat(e.kind()).isEqualTo(ClarifyException.Kind.INVALID_ARGUMENT))
                .hasMessageContaining("ListChoices needs the tenant");
        assertThatThrownBy(() -> listing.list("acme", "hotels", -1, "")).isInstanceOf(ClarifyException.class)
                .hasMessage("page_size must be between 1 and 500 (0 for the default, 50), got -1");
        assertThatThrownBy(() -> listing.list("acme", "hotels", 501, "")).isInstanceOf(ClarifyException.class)
                .hasMessageContaining("got 501");
    }

    @Test
    void aPageTokenOfAnotherListingIsRefused() {
        assertThatThrownBy(() -> listing.list("acme", "hotels", 10, "bm90LW91cnM")).isInstanceOf(ClarifyException.class)
                .hasMessageContaining("page_token is not a next_page_token of this listing");
    }

    @Test
    void forgettingNeedsATenantAndAnIdThatIsNoUuidIsNotFound() {
        assertThatThrownBy(() -> listing.forget("", "hotels", "")).isInstanceOf(ClarifyException.class)
                .hasMessageContaining("Forget needs the tenant");
        assertThatThrownBy(() -> listing.forget("acme", "hotels", "choice-1")).isInstanceOfSatisfying(ClarifyException.class,
                e -> assertThat(e.kind()).isEqualTo(ClarifyException.Kind.NOT_FOUND))
                .hasMessageContaining("tenant 'acme' has no remembered choice 'choice-1'");
    }
}
