package dev.overtone.interpreter.fake;

import dev.overtone.proto.v1.InfillRequest;
import dev.overtone.proto.v1.InfillResponse;
import dev.overtone.proto.v1.InfillService;
import io.quarkus.grpc.GrpcService;
import io.smallrye.mutiny.Uni;

/** infill-svc as the test app serves it: each call goes to the running test's {@link FakeInfill}. */
@GrpcService
public class InfillEndpoint implements InfillService {
    @Override
    public Uni<InfillResponse> infill(InfillRequest request) {
        return Fakes.installed().infill().infill(request);
    }
}
