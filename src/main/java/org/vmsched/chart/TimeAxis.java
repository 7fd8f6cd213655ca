package org.vmsched.chart;

import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.util.List;
import org.jfree.chart.axis.AxisSpace;
import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueTick;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.text.TextUtils;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;

/**
 * The Gantt chart's time axis: a {@link NumberAxis} whose label ("time") stands on the line of its
 * tick labels, in their font, left of the first one, below the lane names, where the chart has
 * nothing else to draw; the axis then takes the height of its tick labels only. A Gantt chart that
 * scrolls (many lanes, each a line of its label high) shows the time axis at the bottom of its
 * view: at 1280x720 the tick labels were whole there and the label on its own line below them cut
 * in half. Where the lane names leave too little room left of the ticks, the label goes below them
 * as on any axis. Not thread-safe, as any axis.
 */
final class TimeAxis extends NumberAxis {

    private static final long serialVersionUID = 1L;

    /** Whether the label stands beside the tick labels, as the last {@link #reserveSpace} found. */
    private transient boolean beside;

    TimeAxis(String label) {
        super(label);
    }

    @Override
    public AxisSpace reserveSpace(Graphics2D g2, Plot plot, Rectangle2D plotArea, RectangleEdge edge, AxisSpace space) {
        // the plot reserves the lane axis's width first: space.getLeft() is the room below the lane names
        beside = edge == RectangleEdge.BOTTOM && isTickLabelsVisible() && getLabel() != null && !getLabel().isEmpty()
                && space != null && fitsBeside(g2, plotArea, space.getLeft());
        return super.reserveSpace(g2, plot, plotArea, edge, space);
    }

    @Override
    protected Rectangle2D getLabelEnclosure(Graphics2D g2, RectangleEdge edge) {
        return beside ? new Rectangle2D.Double() : super.getLabelEnclosure(g2, edge);
    }

    @Override
    protected AxisState drawLabel(String label, Graphics2D g2, Rectangle2D plotArea, Rectangle2D dataArea,
                                  RectangleEdge edge, AxisState state) {
        if (!beside || label == null || label.isEmpty()) {
            return super.drawLabel(label, g2, plotArea, dataArea, edge, state);
        }
        g2.setFont(getTickLabelFont());
        g2.setPaint(getLabelPaint());
        FontMetrics fm = g2.getFontMetrics();
        // the tick labels' line ends at the cursor, less their inset below
        float y = (float) (state.getCursor() - getTickLabelInsets().getBottom() - fm.getHeight() / 2.0);
        float x = (float) (dataArea.getMinX() - firstTickReach(g2, dataArea) - gap());
        TextUtils.drawAlignedString(label, g2, x, y, TextAnchor.CENTER_RIGHT);
        return state;
    }

    /** Whether the label fits in {@code room} px left of the data area, clear of the first tick label. */
    private boolean fitsBeside(Graphics2D g2, Rectangle2D dataArea, double room) {
        g2.setFont(getTickLabelFont());
        double width = g2.getFontMetrics().getStringBounds(getLabel(), g2).getWidth();
        return width + gap() + firstTickReach(g2, dataArea) <= room;
    }

    /** How far left of the data area the first tick label reaches, in px (0 when it does not). */
    private double firstTickReach(Graphics2D g2, Rectangle2D dataArea) {
        g2.setFont(getTickLabelFont());
        List<?> ticks = refreshTicks(g2, new AxisState(), dataArea, RectangleEdge.BOTTOM);
        for (Object o : ticks) {
            if (o instanceof ValueTick t && !t.getText().isEmpty()) {
                double x = valueToJava2D(t.getValue(), dataArea, RectangleEdge.BOTTOM);
                double half = g2.getFontMetrics().getStringBounds(t.getText(), g2).getWidth() / 2;
                return Math.max(0, dataArea.getMinX() - (x - half));
            }
        }
        return 0;
    }

    /** The space between the label and the first tick label: the tick labels' own insets. */
    private double gap() {
        return getTickLabelInsets().getLeft() + getTickLabelInsets().getRight();
    }
}
