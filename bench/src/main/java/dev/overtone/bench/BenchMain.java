package dev.overtone.bench;

import io.quarkus.runtime.QuarkusApplication;
import io.quarkus.runtime.annotations.QuarkusMain;
import picocli.CommandLine;

/** Entry point: {@code java -jar bench/target/quarkus-app/quarkus-run.jar <coverage|clarify|load> ...}. */
@QuarkusMain
public class BenchMain implements QuarkusApplication {

    @Override
    public int run(String... args) {
        System.setProperty("java.awt.headless", "true");
        return BenchCommand.commandLine().execute(args);
    }
}
