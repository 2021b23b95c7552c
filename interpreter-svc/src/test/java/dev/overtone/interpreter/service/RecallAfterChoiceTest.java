package dev.overtone.interpreter.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.MemoryToken;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;

class RecallAfterChoiceTest {
    private static final InterpretRequest ACME_HOTELS = InterpretRequest.newBuilder().setTenant("acme").setDatabase("hotels")
            .setQuestion("the rating of each hotel").build();

    @Test
    void aCallWithoutATokenPassesAndIsNotTakenAsRemembering() {
        assertThatCode(() -> RecallAfterChoice.check(ACME_HOTELS)).doesNotThrowAnyException();
        assertThat(RecallAfterChoice.given(ACME_HOTELS)).isFalse();
    }

    @Test
    void aTokenOfTheCallsOwnScopeIsTakenAsRemembering() {
        InterpretRequest request = ACME_HOTELS.toBuilder().setAfterChoice(token("acme", "hotels")).build();

        assertThatCode(() -> RecallAfterChoice.check(request)).doesNotThrowAnyException();
        assertThat(RecallAfterChoice.given(request)).isTrue();
    }

    @Test
    void aTokenWithoutItsTenantIsRefusedSayingHowToPassIt() {
        for (MemoryToken token : new MemoryToken[] {token("", "hotels"), token("", "")}) {
            assertRefused(ACME_HOTELS.toBuilder().setAfterChoice(token).build())
                    .hasMessageContaining("pass the memory_token exactly as Choose, Answer or Forget returned it");
        }
    }

    @Test
    void aTokenOfEveryDatabaseOfTheTenantFromForgetIsGoodForAnyOfItsDatabasesOnly() {
        InterpretRequest request = ACME_HOTELS.toBuilder().setAfterChoice(token("acme", "")).build();

        assertThatCode(() -> RecallAfterChoice.check(request)).doesNotThrowAnyException();
        assertRefused(ACME_HOTELS.toBuilder().setTenant("globex").setAfterChoice(token("acme", "")).build())
                .hasMessageContaining("a choice of tenant \"acme\"");
    }

    @Test
    void aTokenOfAnotherTenantOrDatabaseIsRefusedNamingBoth() {
        for (MemoryToken other : new MemoryToken[] {token("globex", "hotels"), token("acme", "flights")}) {
            assertRefused(ACME_HOTELS.toBuilder().setAfterChoice(other).build())
                    .hasMessageContaining("a choice of tenant \"" + other.getTenant() + "\", database \"" + other.getDatabase() + "\"")
                    .hasMessageContaining("this call asks tenant \"acme\", database \"hotels\"");
        }
    }

    /** The call refused with INVALID_ARGUMENT, for the caller to check the message. */
    private static AbstractThrowableAssert<?, ? extends Throwable> assertRefused(InterpretRequest request) {
        return assertThatThrownBy(() -> RecallAfterChoice.check(request)).isInstanceOfSatisfying(StatusRuntimeException.class,
                e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT));
    }

    private static MemoryToken token(String tenant, String database) {
        return MemoryToken.newBuilder().setTenant(tenant).setDatabase(database).build();
    }
}
