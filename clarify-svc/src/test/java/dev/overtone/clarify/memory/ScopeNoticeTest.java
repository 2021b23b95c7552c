package dev.overtone.clarify.memory;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ScopeNoticeTest {

    @Test
    void aPayloadReadsBackWhateverCharactersTheTenantAndDatabaseHold() {
        ScopeNotice notice = new ScopeNotice(new MemoryScope("a:b:3:c", "db:with:colons"), "tok-1", 1_700_000_000_123_456L);

        assertThat(ScopeNotice.parse(notice.payload())).contains(notice);
    }

    @Test
    void anEmptyDatabaseStaysEmpty() {
        ScopeNotice forgotAll = new ScopeNotice(new MemoryScope("acme", ""), "t", 5);

        assertThat(ScopeNotice.parse(forgotAll.payload())).hasValueSatisfying(n -> {
            assertThat(n.scope().tenant()).isEqualTo("acme");
            assertThat(n.scope().database()).isEmpty();
        });
    }

    @Test
    void aPayloadThisCodeDidNotWriteIsNoNotice() {
        assertThat(ScopeNotice.parse("hello")).isEmpty();
        assertThat(ScopeNotice.parse("t:notanumber:4:acmehotels")).isEmpty();
        assertThat(ScopeNotice.parse("t:5:99:acme")).isEmpty();
    }
}
