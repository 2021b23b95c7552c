package dev.overtone.k8s;

import io.fabric8.kubernetes.api.model.Container;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The model names a {@code vllm serve} container answers to, read from its arguments:
 * the positional model (or its {@code --served-model-name}s) and the name of every
 * {@code --lora-modules name=path} adapter. Empty for containers that are not vLLM.
 */
final class ServedModels {

    private ServedModels() {
    }

    static Set<String> of(Container container) {
        List<String> words = new ArrayList<>(Optional.ofNullable(container.getCommand()).orElse(List.of()));
        words.addAll(Optional.ofNullable(container.getArgs()).orElse(List.of()));
        int serve = words.indexOf("serve");
        if (serve < 0) {
            return Set.of();
        }
        String model = null;
        Set<String> servedNames = new HashSet<>();
        Set<String> adapters = new HashSet<>();
        String listFlag = null;
        for (String word : words.subList(serve + 1, words.size())) {
            if (word.startsWith("--")) {
                String flag = word.contains("=") ? word.substring(0, word.indexOf('=')) : word;
                listFlag = word.contains("=") ? null : flag;
                if (word.contains("=")) {
                    collect(flag, word.substring(word.indexOf('=') + 1), servedNames, adapters);
                }
            } else if (listFlag != null && (listFlag.equals("--lora-modules") || listFlag.equals("--served-model-name"))) {
                collect(listFlag, word, servedNames, adapters);
            } else if (model == null) {
                model = word;
                listFlag = null;
            }
        }
        Set<String> names = new HashSet<>(adapters);
        if (!servedNames.isEmpty()) {
            names.addAll(servedNames);
        } else if (model != null) {
            names.add(model);
        }
        return names;
    }

    private static void collect(String flag, String value, Set<String> servedNames, Set<String> adapters) {
        if (flag.equals("--served-model-name")) {
            servedNames.add(value);
        } else if (flag.equals("--lora-modules")) {
            adapters.add(value.contains("=") ? value.substring(0, value.indexOf('=')) : value);
        } else if (flag.equals("--model")) {
            servedNames.add(value);
        }
    }
}
