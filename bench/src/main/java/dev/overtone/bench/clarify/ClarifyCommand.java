package dev.overtone.bench.clarify;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;

@Command(name = "clarify", mixinStandardHelpOptions = true, description = "Clarification dialogues with simulated users.")
public class ClarifyCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        return 0;
    }
}
