package org.vmsched.io;

import java.awt.FontMetrics;
import java.awt.Graphics;
import java.awt.font.LineMetrics;
import java.awt.geom.Rectangle2D;
import java.util.HashSet;
import org.vmsched.chart.ExportFonts;

/**
 * A font's metrics measuring a text as the PDF prints it ({@link PrintableText}): a chart lays
 * out "制动VM" at the width of "��VM", the text drawn, so a lane's name or a legend entry does
 * not run into its neighbour. Heights and line metrics are the font's own. Immutable.
 */
final class PrintableFontMetrics extends FontMetrics {

    private static final long serialVersionUID = 1L;

    private final transient FontMetrics of;
    private final ExportFonts.Face face;

    PrintableFontMetrics(FontMetrics of) {
        super(of.getFont());
        this.of = of;
        this.face = ExportFonts.Face.of(of.getFont());
    }

    private String printed(String s) {
        return PrintableText.of(s, face, new HashSet<>());
    }

    @Override
    public int getLeading() {
        return of.getLeading();
    }

    @Override
    public int getAscent() {
        return of.getAscent();
    }

    @Override
    public int getDescent() {
        return of.getDescent();
    }

    @Override
    public int getMaxAscent() {
        return of.getMaxAscent();
    }

    @Override
    public int getMaxDescent() {
        return of.getMaxDescent();
    }

    @Override
    public int getMaxAdvance() {
        return of.getMaxAdvance();
    }

    @Override
    public int charWidth(int codePoint) {
        return stringWidth(new String(Character.toChars(codePoint)));
    }

    @Override
    public int charWidth(char c) {
        return stringWidth(String.valueOf(c));
    }

    @Override
    public int stringWidth(String s) {
        return of.stringWidth(printed(s));
    }

    @Override
    public int charsWidth(char[] data, int off, int len) {
        return stringWidth(new String(data, off, len));
    }

    @Override
    public int[] getWidths() {
        return of.getWidths();
    }

    @Override
    public LineMetrics getLineMetrics(String s, Graphics g) {
        return of.getLineMetrics(s, g);
    }

    @Override
    public Rectangle2D getStringBounds(String s, Graphics g) {
        return of.getStringBounds(printed(s), g);
    }

    @Override
    public Rectangle2D getStringBounds(String s, int begin, int limit, Graphics g) {
        return getStringBounds(s.substring(begin, limit), g);
    }

    @Override
    public Rectangle2D getStringBounds(char[] chars, int begin, int limit, Graphics g) {
        return getStringBounds(new String(chars, begin, limit - begin), g);
    }
}
