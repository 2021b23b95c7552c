package dev.overtone.bench.load;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;

@Command(name = "load", mixinStandardHelpOptions = true, description = "Load test of Interpret.")
public class LoadCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        return 0;
    }
}
