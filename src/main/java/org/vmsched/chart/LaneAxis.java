package org.vmsched.chart;

import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.axis.ValueTick;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.text.TextUtils;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;

/**
 * The Gantt chart's lane axis: a {@link SymbolAxis} that labels every lane in view. SymbolAxis
 * leaves out a label that would touch the one before it, so ten lanes in a chart the window gives
 * 94 px read "core 1, core 3, web/b, …"; here the tick labels are drawn in a smaller font when the
 * lanes are lower than a line of text, down to {@link #MIN_SIZE} (below that SymbolAxis leaves
 * labels out again, as it does for 32 lanes in a small window, where Ctrl+drag pans). The font
 * set on the axis (and scaled by the window's zoom) stays what {@link #getTickLabelFont()} says
 * outside drawing.
 *
 * <p>After a drag zoom, which sets this axis too, a lane whose bar is only partly in view (its
 * middle out of it) is labelled in the middle of the part in view, where the label fits beside the
 * others; and every label stays inside the plot's height, so the bottom one does not run into the
 * time axis's label beside the tick labels below ({@link TimeAxis}). Not thread-safe, as any axis.
 */
final class LaneAxis extends SymbolAxis {

    private static final long serialVersionUID = 1L;

    /** The smallest tick-label size, in points, a lane label is fitted down to. */
    static final float MIN_SIZE = 7f;

    /** Half the height of a lane's bar, in lanes: lane i's bar spans i ± this. */
    static final double HALF_BAR = 0.35;

    /** The font fitted to the lanes, while the axis draws; null otherwise. */
    private transient Font fitted;

    /** The height of a line of {@link #fitted}, while the axis draws; 0 otherwise. */
    private transient double fittedLine;

    LaneAxis(String[] lanes) {
        super(null, lanes);
    }

    /** Whether the bar of the lane at {@code y} reaches into [lower, upper]. */
    static boolean inView(double y, double lower, double upper) {
        return y + HALF_BAR > lower && y - HALF_BAR < upper;
    }

    @Override
    public AxisState draw(Graphics2D g2, double cursor, Rectangle2D plotArea, Rectangle2D dataArea, RectangleEdge edge,
                          PlotRenderingInfo plotState) {
        fitted = fitted(g2, dataArea);
        fittedLine = lineHeight(g2, fitted);
        try {
            return super.draw(g2, cursor, plotArea, dataArea, edge, plotState);
        } finally {
            fitted = null;
            fittedLine = 0;
        }
    }

    /**
     * A tick per lane in view: at the lane's middle as SymbolAxis (left unlabelled where its label
     * would touch the one below it), then at the middle of the part in view of a lane only partly in
     * it, labelled where its label touches none.
     */
    @Override
    protected List refreshTicksVertical(Graphics2D g2, Rectangle2D dataArea, RectangleEdge edge) {
        if (isVerticalTickLabels()) {
            return super.refreshTicksVertical(g2, dataArea, edge);
        }
        g2.setFont(getTickLabelFont());
        double h = lineHeight(g2, getTickLabelFont());
        TextAnchor anchor = edge == RectangleEdge.LEFT ? TextAnchor.CENTER_RIGHT : TextAnchor.CENTER_LEFT;
        double lower = getLowerBound();
        double upper = getUpperBound();
        int n = getSymbols().length;
        List<ValueTick> ticks = new ArrayList<>();
        List<Double> labelled = new ArrayList<>();
        for (int i = Math.max(0, (int) Math.ceil(lower)); i <= Math.min(n - 1, upper); i++) {
            double y = labelY(valueToJava2D(i, dataArea, edge), dataArea, h);
            boolean fits = labelled.isEmpty() || Math.abs(y - labelled.get(labelled.size() - 1)) >= h;
            if (fits) {
                labelled.add(y);
            }
            ticks.add(new NumberTick(i, fits ? valueToString(i) : "", anchor, anchor, 0));
        }
        for (int i = 0; i < n; i++) {
            if ((i >= lower && i <= upper) || !inView(i, lower, upper)) {
                continue; // labelled above, or not in view
            }
            double middle = (Math.max(lower, i - HALF_BAR) + Math.min(upper, i + HALF_BAR)) / 2;
            double y = labelY(valueToJava2D(middle, dataArea, edge), dataArea, h);
            boolean fits = labelled.stream().allMatch(other -> Math.abs(y - other) >= h);
            if (fits) {
                labelled.add(y);
            }
            ticks.add(new NumberTick(middle, fits ? valueToString(i) : "", anchor, anchor, 0));
        }
        return ticks;
    }

    /** A tick label's anchor, moved into the plot's height where the label would reach out of it. */
    @Override
    protected float[] calculateAnchorPoint(ValueTick tick, double cursor, Rectangle2D dataArea, RectangleEdge edge) {
        float[] p = super.calculateAnchorPoint(tick, cursor, dataArea, edge);
        if (fittedLine > 0 && RectangleEdge.isLeftOrRight(edge) && !isVerticalTickLabels()) {
            p[1] = (float) labelY(p[1], dataArea, fittedLine);
        }
        return p;
    }

    /**
     * Where a label a line of {@code h} px high, centred at {@code y}, is drawn: there, or as near as
     * it stays inside the plot's height (centred in it when the plot is lower than a line).
     */
    private static double labelY(double y, Rectangle2D dataArea, double h) {
        double top = dataArea.getMinY() + h / 2;
        double bottom = dataArea.getMaxY() - h / 2;
        return top > bottom ? dataArea.getCenterY() : Math.max(top, Math.min(bottom, y));
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
