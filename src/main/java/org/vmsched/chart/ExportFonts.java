package org.vmsched.chart;

import java.awt.Font;
import java.awt.FontFormatException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Locale;

/**
 * The fonts shipped in the jar (DejaVu Sans, Sans Bold and Sans Mono; licence beside them) that
 * every export uses, so that an exported chart looks the same on every machine and its PDF can
 * embed exactly the font whose metrics laid it out. Every glyph the charts use is in them: α, −,
 * ≤, ⌈⌉, ✕, ·. Loaded once; thread-safe.
 */
public final class ExportFonts {

    /** The three faces, by resource file. */
    public enum Face {
        SANS("DejaVuSans.ttf"), SANS_BOLD("DejaVuSans-Bold.ttf"), MONO("DejaVuSansMono.ttf");

        private final String file;

        Face(String file) {
            this.file = file;
        }

        /** The TrueType file's bytes, for embedding (the caller closes the stream). */
        public InputStream open() {
            InputStream in = ExportFonts.class.getResourceAsStream("/org/vmsched/fonts/" + file);
            if (in == null) {
                throw new IllegalStateException("font " + file + " missing from the jar");
            }
            return in;
        }

        /** The face at 1 point (derive the size you need). */
        public Font font() {
            return Holder.FONTS[ordinal()];
        }

        /** The face a chart font stands for: monospaced families to MONO, bold to SANS_BOLD, the rest to SANS. */
        public static Face of(Font f) {
            String family = f.getFamily(Locale.ROOT).toLowerCase(Locale.ROOT);
            String logical = f.getName().toLowerCase(Locale.ROOT);
            if (family.contains("mono") || logical.contains("mono") || family.contains("courier")) {
                return MONO;
            }
            // a bundled bold face derived to PLAIN style is still bold: its face name says so
            return f.isBold() || f.getFontName(Locale.ROOT).toLowerCase(Locale.ROOT).contains("bold") ? SANS_BOLD : SANS;
        }
    }

    private ExportFonts() {
    }

    /** The bundled face standing for {@code f}, at {@code size} points, keeping bold. */
    public static Font replacement(Font f, float size) {
        return Face.of(f).font().deriveFont(Font.PLAIN, size);
    }

    /** Lazy holder: the AWT fonts are created on first use. */
    private static final class Holder {
        static final Font[] FONTS = load();

        private static Font[] load() {
            Face[] faces = Face.values();
            Font[] out = new Font[faces.length];
            for (int i = 0; i < faces.length; i++) {
                try (InputStream in = faces[i].open()) {
                    out[i] = Font.createFont(Font.TRUETYPE_FONT, in);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                } catch (FontFormatException e) {
                    throw new IllegalStateException("font " + faces[i] + " unreadable", e);
                }
            }
            return out;
        }
    }
}
