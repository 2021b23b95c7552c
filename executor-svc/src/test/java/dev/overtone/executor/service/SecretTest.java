package dev.overtone.executor.service;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A credential shows its text only when revealed: never in a string built from it. */
class SecretTest {

    @Test
    void itsTextIsRevealedOnlyWhenAsked() {
        Secret password = new Secret("s3cr3t-pw");

        assertThat(password.reveal()).isEqualTo("s3cr3t-pw");
        assertThat(password).hasToString("****");
        assertThat("connecting with " + password).doesNotContain("s3cr3t-pw");
    }
}
