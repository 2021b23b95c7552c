package dev.overtone.clarify.support;

import org.junit.jupiter.api.AfterEach;

/** A {@link RecordedParserTest} class whose every test must have been answered from parser-svc's recordings alone. */
public abstract class AgainstRecordedParser {
    @AfterEach
    void everyAnalysisWasAnsweredFromARecording() {
        FakeParserServer.assertEveryCallRecorded();
    }
}
