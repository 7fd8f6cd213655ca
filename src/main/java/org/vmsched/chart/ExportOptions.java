package org.vmsched.chart;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.vmsched.text.Format;

/**
 * How a chart is exported, apart from the window: its size ({@code width} × {@code height}, pixels
 * for PNG, points for PDF and SVG) and the size of its tick and legend text ({@code fontSize}, in
 * the same units; axis labels and titles are drawn proportionally larger).
 *
 * <p>A figure in a paper is shrunk to the column it sits in. {@link #forPrint(int, int, double)}
 * chooses the font size that stays {@link #MIN_PRINTED_PT} points tall when the figure is printed
 * that wide; {@link #forColumn(int, int)} does so for one column of a two-column journal.
 */
public record ExportOptions(int width, int height, float fontSize) {

    /** One column of a two-column journal page, in points (3.5 in). */
    public static final double COLUMN_PT = 252;
    /** The full text width of such a page, in points (about 7.2 in). */
    public static final double TEXT_WIDTH_PT = 516;
    /** The smallest printed text size a journal accepts for figures, in points. */
    public static final double MIN_PRINTED_PT = 7;
    /** The limits of the fields, as the messages state them. */
    public static final int MIN_SIZE = 100;
    public static final int MAX_SIZE = 20000;
    public static final float MIN_FONT = 4;
    public static final float MAX_FONT = 200;

    /** Checks the fields; see {@link #problems(int, int, double)}. */
    public ExportOptions {
        List<String> p = problems(width, height, fontSize);
        if (!p.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", p));
        }
    }

    /** The default for the window's export: 600 × 400, text readable at column width. */
    public static ExportOptions defaults() {
        return forColumn(600, 400);
    }

    /** A figure of this size whose smallest text is still readable when printed one column wide. */
    public static ExportOptions forColumn(int width, int height) {
        return forPrint(width, height, COLUMN_PT);
    }

    /** A figure of this size whose smallest text is still readable when printed {@code printedWidthPt} wide. */
    public static ExportOptions forPrint(int width, int height, double printedWidthPt) {
        return new ExportOptions(width, height, (float) Math.ceil(width * MIN_PRINTED_PT / printedWidthPt));
    }

    /** The same size with another font size. */
    public ExportOptions withFontSize(float size) {
        return new ExportOptions(width, height, size);
    }

    /** The printed size of the tick text when the figure is shrunk (or grown) to {@code printedWidthPt}. */
    public double printedFontPt(double printedWidthPt) {
        return fontSize * printedWidthPt / width;
    }

    /** What is wrong with these fields, each naming its field; empty when they are fine. */
    public static List<String> problems(int width, int height, double fontSize) {
        List<String> out = new ArrayList<>();
        if (width < MIN_SIZE || width > MAX_SIZE) {
            out.add("width must be between " + MIN_SIZE + " and " + MAX_SIZE + ", got " + width);
        }
        if (height < MIN_SIZE || height > MAX_SIZE) {
            out.add("height must be between " + MIN_SIZE + " and " + MAX_SIZE + ", got " + height);
        }
        if (!(fontSize >= MIN_FONT && fontSize <= MAX_FONT)) {
            out.add("font size must be between " + Format.upTo(MIN_FONT, 1) + " and " + Format.upTo(MAX_FONT, 1) + ", got " + Format.upTo(fontSize, 1));
        }
        if (out.isEmpty() && fontSize * 12 > Math.min(width, height)) {
            out.add("font size " + Format.upTo(fontSize, 1) + " leaves no room for the plot in " + width + " × " + height
                    + " (at most " + Format.upTo(Math.floor(Math.min(width, height) / 12.0), 1) + ")");
        }
        return out;
    }
}
