package dev.overtone.cli.replay;

import java.text.Normalizer;
import java.util.Locale;

/**
 * The comparison form of a text: Unicode-compatibility folded, lower case, every run of characters
 * that are not letters or digits one space. Quotes, markdown, punctuation and line breaks a prompt
 * template or a line cleaner may add or drop around a question do not change it.
 */
final class PromptText {
    private PromptText() {
    }

    static String normalize(String text) {
        String folded = Normalizer.normalize(text, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
        StringBuilder out = new StringBuilder(folded.length() + 2).append(' ');
        boolean space = true;
        for (int i = 0; i < folded.length(); ) {
            int cp = folded.codePointAt(i);
            i += Character.charCount(cp);
            if (Character.isLetterOrDigit(cp)) {
                out.appendCodePoint(cp);
                space = false;
            } else if (!space) {
                out.append(' ');
                space = true;
            }
        }
        if (!space) {
            out.append(' ');
        }
        // Padded with one space on each side, so that a contained text matches on whole words only.
        return out.toString();
    }
}
