package dev.overtone.clarify.memory;

import dev.overtone.clarify.repository.RememberedChoices.PagePosition;
import dev.overtone.clarify.service.ClarifyException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.UUID;

/**
 * ListChoices' opaque page token: where the last page ended (the last choice's time and id) and the listing it belongs
 * to (tenant and database), so a token is refused for another listing rather than read as a position in it.
 */
final class PageToken {
    private static final String VERSION = "1";

    private PageToken() {
    }

    static String of(String tenant, String database, Choice last) {
        String raw = String.join("\n", VERSION, tenant, database, Long.toString(micros(last.chosenAt())), last.id().toString());
        return Base64.getUrlEncoder().withoutPadding().encodeToString(raw.getBytes(StandardCharsets.UTF_8));
    }

    /** The position a token names; null for an empty token (the first page). */
    static PagePosition read(String token, String tenant, String database) {
        if (token == null || token.isEmpty()) {
            return null;
        }
        try {
            String[] parts = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8).split("\n", -1);
            if (parts.length == 5 && VERSION.equals(parts[0]) && parts[1].equals(tenant) && parts[2].equals(database)) {
                long micros = Long.parseLong(parts[3]);
                return new PagePosition(Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000L),
                        UUID.fromString(parts[4]));
            }
        } catch (IllegalArgumentException e) {
            // not one of ours: refused below
        }
        throw ClarifyException.invalid("page_token is not a next_page_token of this listing (tenant '" + tenant + "', database '"
                + database + "'); pass the previous page's next_page_token as it is, or none for the first page");
    }

    private static long micros(Instant t) {
        return Math.multiplyExact(t.getEpochSecond(), 1_000_000L) + t.getNano() / 1000;
    }
}
