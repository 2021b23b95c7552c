package dev.overtone.clarify.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.clarify.service.ClarifyException;
import org.junit.jupiter.api.Test;

/** A scope says whose memory it is: a tenant and, where the RPC needs it, a database; a refusal names the RPC. */
class MemoryScopeTest {

    @Test
    void aScopeWithTenantAndDatabaseIsOwned() {
        assertThatCode(() -> new MemoryScope("acme", "hotels").requireOwner("Recall")).doesNotThrowAnyException();
        assertThatCode(() -> MemoryScope.requireTenant("acme", "ListChoices")).doesNotThrowAnyException();
    }

    @Test
    void aMissingOrBlankTenantIsRefusedNamingTheRpc() {
        for (String tenant : new String[] {null, "", "  "}) {
            assertThatThrownBy(() -> new MemoryScope(tenant, "hotels").requireOwner("Recall"))
                    .isInstanceOfSatisfying(ClarifyException.class, e -> assertThat(e.kind())
                            .isEqualTo(ClarifyException.Kind.INVALID_ARGUMENT))
                    .hasMessage("Recall needs the tenant whose remembered choices it is about");
        }
        assertThatThrownBy(() -> MemoryScope.requireTenant(" ", "ListChoices"))
                .hasMessage("ListChoices needs the tenant whose remembered choices it is about");
    }

    @Test
    void aMissingOrBlankDatabaseIsRefusedSayingMemoryIsPerDatabase() {
        for (String database : new String[] {null, "", "\t"}) {
            assertThatThrownBy(() -> new MemoryScope("acme", database).requireOwner("Choose"))
                    .isInstanceOf(ClarifyException.class)
                    .hasMessage("Choose needs the database the question is about: memory is kept per tenant and database");
        }
    }
}
