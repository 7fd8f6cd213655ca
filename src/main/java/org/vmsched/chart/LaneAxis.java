package org.vmsched.chart;

import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.text.TextUtils;
import org.jfree.chart.ui.RectangleEdge;

/**
 * The Gantt chart's lane axis: a {@link SymbolAxis} that labels every lane in view. SymbolAxis
 * leaves out a label that would touch the one before it, so ten lanes in a chart the window gives
 * 94 px read "core 1, core 3, web/b, …"; here the tick labels are drawn in a smaller font when the
 * lanes are lower than a line of text, down to {@link #MIN_SIZE} (below that SymbolAxis leaves
 * labels out again, as it does for 32 lanes in a small window, where Ctrl+drag pans). The font
 * set on the axis (and scaled by the window's zoom) stays what {@link #getTickLabelFont()} says
 * outside drawing. Not thread-safe, as any axis.
 */
final class LaneAxis extends SymbolAxis {

    private static final long serialVersionUID = 1L;

    /** The smallest tick-label size, in points, a lane label is fitted down to. */
    static final float MIN_SIZE = 7f;

    /** The font fitted to the lanes, while the axis draws; null otherwise. */
    private transient Font fitted;

    LaneAxis(String[] lanes) {
        super(null, lanes);
    }

    @Override
    public AxisState draw(Graphics2D g2, double cursor, Rectangle2D plotArea, Rectangle2D dataArea, RectangleEdge edge,
                          PlotRenderingInfo plotState) {
        fitted = fitted(g2, dataArea);
        try {
            return super.draw(g2, cursor, plotArea, dataArea, edge, plotState);
        } finally {
            fitted = null;
        }
    }

    @Override
    public Font getTickLabelFont() {
        return fitted != null ? fitted : super.getTickLabelFont();
    }

    /** The height of a line of the axis's own tick font on {@code g2}, in px. */
    double lineHeight(Graphics2D g2) {
        // SymbolAxis keeps a label when its text height is below the distance to the last one kept
        return lineHeight(g2, super.getTickLabelFont());
    }

    /** The tick font whose line fits a lane's height in {@code dataArea}: the axis's own when it fits. */
    private Font fitted(Graphics2D g2, Rectangle2D dataArea) {
        Font base = super.getTickLabelFont();
        double lanes = getRange().getLength();
        if (!(lanes > 0) || !(dataArea.getHeight() > 0)) {
            return base;
        }
        double room = dataArea.getHeight() / lanes;
        double line = lineHeight(g2);
        if (line < room) {
            return base;
        }
        // the line height is about proportional to the size, but whole pixels (FontMetrics.getHeight):
        // 17 pt fitted to 18.9 px lanes as 15.3 pt still has a 19 px line, and SymbolAxis left out
        // every other label of an exported chart. Step down until the line is lower than a lane.
        float size = (float) (base.getSize2D() * room / line * 0.95);
        Font f = base.deriveFont(Math.max(MIN_SIZE, size));
        while (f.getSize2D() > MIN_SIZE && lineHeight(g2, f) >= room) {
            f = base.deriveFont(Math.max(MIN_SIZE, f.getSize2D() - 0.5f));
        }
        return f;
    }

    private static double lineHeight(Graphics2D g2, Font f) {
        return TextUtils.getTextBounds("Ag", g2, g2.getFontMetrics(f)).getHeight();
    }
}
