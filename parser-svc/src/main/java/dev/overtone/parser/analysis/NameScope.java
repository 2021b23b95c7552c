package dev.overtone.parser.analysis;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** Names visible in one SELECT: alias (lower case) -> display name of what it stands for. */
final class NameScope {
    final NameScope parent;
    final Map<String, String> aliases = new LinkedHashMap<>();
    final Map<String, String> realTable = new HashMap<>();
    final Set<String> derived = new HashSet<>();
    final Set<String> selectAliases = new HashSet<>();

    NameScope(NameScope parent) {
        this.parent = parent;
    }
}
