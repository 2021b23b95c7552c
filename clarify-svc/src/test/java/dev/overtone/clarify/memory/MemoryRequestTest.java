package dev.overtone.clarify.memory;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.clarify.service.ClarifyException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A Recall or Choose is refused, naming the RPC, unless it says both whose memory (tenant) and which database it is about. */
class MemoryRequestTest {

    @Test
    void aRequestWithItsTenantAndDatabaseIsOwned() {
        assertThatCode(() -> request("acme", "hotels").requireOwner("Recall")).doesNotThrowAnyException();
    }

    @Test
    void aRequestWithoutItsTenantIsRefusedForTheTenant() {
        assertThatThrownBy(() -> request("", "hotels").requireOwner("Recall")).isInstanceOf(ClarifyException.class)
                .hasMessage("Recall needs the tenant whose remembered choices it is about");
    }

    @Test
    void aRequestWithoutItsDatabaseIsRefusedForTheDatabase() {
        assertThatThrownBy(() -> request("acme", " ").requireOwner("Choose")).isInstanceOf(ClarifyException.class)
                .hasMessage("Choose needs the database the question is about: memory is kept per tenant and database");
    }

    private static MemoryRequest request(String tenant, String database) {
        return new MemoryRequest(tenant, database, "the rating of each hotel", List.of());
    }
}
