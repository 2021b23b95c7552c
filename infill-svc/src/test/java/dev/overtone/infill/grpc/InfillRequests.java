package dev.overtone.infill.grpc;

import dev.overtone.proto.v1.InfillOptions;
import dev.overtone.proto.v1.InfillRequest;
import dev.overtone.proto.v1.Reading;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Source;
import dev.overtone.runtime.testing.RecordedExchanges;

/** The request every infill test starts from: the rating question with the stars reading found. */
final class InfillRequests {
    private InfillRequests() {
    }

    static InfillRequest.Builder rating() {
        return InfillRequest.newBuilder().setQuestion("return the rating of each hotel").setSchema(hotels())
                .addReadings(Reading.newBuilder().setId("r1").setText("the star rating of each hotel").setSql(FakeParser.STARS)
                        .setSource(Source.SOURCE_CALLER).setFingerprint("fp-stars"))
                .setOptions(InfillOptions.getDefaultInstance());
    }

    /**
     * The demo hotel schema as interpreter-svc hands it on (its tests' executor describes it so), keys
     * included: parser-svc's variants follow the foreign key from reviews to hotels. FakeParser answers
     * with parser-svc's answers recorded over exactly this schema.
     */
    static Schema hotels() {
        return RecordedExchanges.fixture("demo-hotels-schema", Schema.newBuilder()).build();
    }
}
