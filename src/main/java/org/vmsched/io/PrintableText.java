package org.vmsched.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;
import org.apache.fontbox.ttf.CmapLookup;
import org.apache.fontbox.ttf.TTFParser;
import org.apache.fontbox.ttf.TrueTypeFont;
import org.apache.pdfbox.io.RandomAccessReadBuffer;
import org.vmsched.chart.ExportFonts;

/**
 * A text as a bundled face can print it in a PDF: every visible character the face has no glyph
 * for (a CJK ideograph, an emoji in the monospace face) becomes U+FFFD, a tab a space, and an
 * invisible control or format character it lacks is left out. PDFBox cannot encode a character
 * outside the embedded font: such a line was drawn as outlines of empty boxes that text
 * extraction drops, and a tab dropped its line with a logged exception. Each face's Unicode cmap
 * is read once, as PDFBox reads the font it embeds. Thread-safe.
 */
final class PrintableText {

    /** What stands for a character the face lacks: U+FFFD, which the three DejaVu faces draw. */
    static final char REPLACEMENT = '\uFFFD';

    private PrintableText() {
    }

    /**
     * {@code text} as {@code face} prints it, adding each visible character it lacks to
     * {@code lacking} (in order of first appearance when the set keeps order); {@code text} itself
     * when the face has every character.
     */
    static String of(String text, ExportFonts.Face face, Set<Integer> lacking) {
        CmapLookup cmap = Holder.CMAPS.get(face);
        if (text.codePoints().allMatch(c -> cmap.getGlyphId(c) != 0)) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        text.codePoints().forEach(c -> {
            if (cmap.getGlyphId(c) != 0) {
                out.appendCodePoint(c);
            } else if (c == '\t') {
                out.append(' ');
            } else if (visible(c)) {
                out.append(REPLACEMENT);
                lacking.add(c);
            }
        });
        return out.toString();
    }

    /** Whether {@code c} shows as a glyph (controls, format characters and variation selectors do not). */
    private static boolean visible(int c) {
        int type = Character.getType(c);
        boolean selector = c >= 0xFE00 && c <= 0xFE0F || c >= 0xE0100 && c <= 0xE01EF;
        return type != Character.CONTROL && type != Character.FORMAT && !selector;
    }

    /** Lazy holder: each face's cmap, read on first use. */
    private static final class Holder {
        static final Map<ExportFonts.Face, CmapLookup> CMAPS = load();

        private static Map<ExportFonts.Face, CmapLookup> load() {
            Map<ExportFonts.Face, CmapLookup> out = new EnumMap<>(ExportFonts.Face.class);
            for (ExportFonts.Face f : ExportFonts.Face.values()) {
                try (InputStream in = f.open()) {
                    TrueTypeFont ttf = new TTFParser().parse(new RandomAccessReadBuffer(in));
                    out.put(f, ttf.getUnicodeCmapLookup());
                } catch (IOException e) {
                    throw new UncheckedIOException("font " + f + " unreadable", e);
                }
            }
            return out;
        }
    }
}
