package dev.overtone.clarify.it;

import dev.overtone.clarify.support.TestDatabase;
import dev.overtone.runtime.testing.LauncherJvm;
import dev.overtone.runtime.testing.PackagedJar;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

/**
 * Starts clarify-svc's packaged jar as its own process, with the JVM options the launcher gives it, against a
 * parser-svc and a database, until ready.
 */
public final class PackagedService {

    private PackagedService() {
    }

    public static Process start(int grpcPort, int httpPort, int parserPort, TestDatabase db) throws Exception {
        Map<String, String> config = new TreeMap<>(db.datasourceConfig());
        config.put("quarkus.grpc.server.port", Integer.toString(grpcPort));
        config.put("quarkus.http.port", Integer.toString(httpPort));
        // The packaged service discovers parser-svc replicas through Stork's static list; here there is the one fake.
        config.put("quarkus.stork.parser.service-discovery.address-list", "localhost:" + parserPort);
        return PackagedJar.start("clarify-svc", LauncherJvm.of("clarify-svc"), config, httpPort,
                ProcessBuilder.Redirect.appendTo(Path.of("target/clarify-packaged.log").toFile()), Duration.ofSeconds(90));
    }
}
