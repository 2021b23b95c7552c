package dev.overtone.clarify.mapping;

import dev.overtone.clarify.service.ReplyKind;
import java.util.List;
import java.util.Set;

/**
 * A reply as the dialogue understands it: the option ids it selected, how it was mapped ("option",
 * "lexical", "embedding", "unhelpful", "any"), what it means and the variable values it names.
 */
public record MappedReply(List<String> optionIds, String mapping, ReplyKind kind, Set<Integer> codes) {
}
