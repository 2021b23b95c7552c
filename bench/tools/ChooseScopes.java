import dev.overtone.proto.v1.Candidate;
import dev.overtone.proto.v1.ChooseRequest;
import dev.overtone.proto.v1.ClarifyServiceGrpc;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import java.util.UUID;

/**
 * Records N choices, each in a database of a fresh tenant (a scope that remembered nothing: WatchMemory pushes it), one
 * every 200 ms, through clarify-svc's Choose: what memory_push.sh reads interpreter-svc's WatchMemory lag over.
 * java -cp "interpreter-svc/target/quarkus-app/app/*:interpreter-svc/target/quarkus-app/lib/main/*" bench/tools/ChooseScopes.java CLARIFY_PORT N
 */
public class ChooseScopes {
    public static void main(String[] args) throws Exception {
        ManagedChannel channel = Grpc.newChannelBuilderForAddress("localhost", Integer.parseInt(args[0]), InsecureChannelCredentials.create()).build();
        var clarify = ClarifyServiceGrpc.newBlockingStub(channel);
        for (int i = 0; i < Integer.parseInt(args[1]); i++) {
            clarify.choose(ChooseRequest.newBuilder().setTenant("bench-push-" + UUID.randomUUID()).setDatabase("hotels")
                    .setQuestion("return the rating of each hotel")
                    .addCandidates(Candidate.newBuilder().setId("stars").setSql("SELECT name, stars FROM hotels"))
                    .addCandidates(Candidate.newBuilder().setId("score")
                            .setSql("SELECT h.name, AVG(r.score) FROM hotels h JOIN reviews r ON r.hotel_id = h.id GROUP BY h.name"))
                    .setChosenCandidateId("score").build());
            Thread.sleep(200); // spaced, as people choose, not a burst
        }
        channel.shutdownNow();
    }
}
