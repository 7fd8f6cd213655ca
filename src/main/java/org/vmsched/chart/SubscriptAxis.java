package org.vmsched.chart;

import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.font.FontRenderContext;
import java.awt.geom.AffineTransform;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import org.jfree.chart.axis.AxisLabelLocation;
import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.text.TextUtils;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;

/**
 * A number axis whose label writes {@code T_VM} as T with a subscript VM. The label stays the
 * plain text {@code "VM period T_VM"} ({@link #getLabel()}: CSV headers and TikZ read it); only
 * drawing differs, in runs of {@code drawString} (so PDF and SVG keep it as text in the export
 * font, searchable, where JFreeChart's attributed labels become glyph outlines). The label font is
 * read when drawn, so a zoomed or exported font applies. Not thread-safe, like every JFreeChart axis.
 */
public class SubscriptAxis extends NumberAxis {

    private static final long serialVersionUID = 1L;

    /** The subscript's size and drop, as fractions of the label font's size. */
    private static final float SUB_SIZE = 0.72f;
    private static final float SUB_DROP = 0.28f;

    /** An axis labelled {@code label} (may hold T_VM, C_VM). */
    public SubscriptAxis(String label) {
        super(label);
    }

    @Override
    protected AxisState drawLabel(String label, Graphics2D g2, Rectangle2D plotArea, Rectangle2D dataArea,
            RectangleEdge edge, AxisState state) {
        if (!Subscripts.has(label) || getAttributedLabel() != null || getLabelLocation() != AxisLabelLocation.MIDDLE
                && getLabelLocation() != null) {
            return super.drawLabel(label, g2, plotArea, dataArea, edge, state);
        }
        Font font = getLabelFont();
        g2.setFont(font);
        g2.setPaint(getLabelPaint());
        FontMetrics fm = g2.getFontMetrics();
        Rectangle2D plain = TextUtils.getTextBounds(label, g2, fm);
        boolean vertical = RectangleEdge.isLeftOrRight(edge);
        // no longer than the plot's side: zoomed in a low chart, "VM period T_VM" ran past the plot
        // into the title (issue 30, item 8); a smaller font then, drawn in the room kept for the whole one
        double along = vertical ? dataArea.getHeight() : dataArea.getWidth();
        if (plain.getWidth() > along && along > 0 && getLabelAngle() == 0) {
            font = font.deriveFont((float) Math.max(6, font.getSize2D() * along / plain.getWidth()));
        }
        double angle = vertical ? getLabelAngle() + (edge == RectangleEdge.LEFT ? -Math.PI / 2 : Math.PI / 2) : getLabelAngle();
        // the space the label takes across the axis: its height, turned by the angle
        Rectangle2D turned = AffineTransform.getRotateInstance(angle, plain.getCenterX(), plain.getCenterY())
                .createTransformedShape(plain).getBounds2D();
        RectangleInsets in = getLabelInsets();
        double cx;
        double cy;
        if (edge == RectangleEdge.TOP) {
            cx = dataArea.getCenterX();
            cy = state.getCursor() - in.getBottom() - turned.getHeight() / 2;
            state.cursorUp(in.getTop() + turned.getHeight() + in.getBottom());
        } else if (edge == RectangleEdge.BOTTOM) {
            cx = dataArea.getCenterX();
            cy = state.getCursor() + in.getTop() + turned.getHeight() / 2;
            state.cursorDown(in.getTop() + turned.getHeight() + in.getBottom());
        } else if (edge == RectangleEdge.LEFT) {
            cx = state.getCursor() - in.getRight() - turned.getWidth() / 2;
            cy = dataArea.getCenterY();
            state.cursorLeft(in.getLeft() + turned.getWidth() + in.getRight());
        } else {
            cx = state.getCursor() + in.getLeft() + turned.getWidth() / 2;
            cy = dataArea.getCenterY();
            state.cursorRight(in.getLeft() + turned.getWidth() + in.getRight());
        }
        drawRuns(label, g2, font, cx, cy, angle);
        return state;
    }

    /** {@code label} centred on (cx, cy), turned by {@code angle}, each X_VM as X and a dropped, smaller VM. */
    private static void drawRuns(String label, Graphics2D g2, Font font, double cx, double cy, double angle) {
        Font sub = font.deriveFont(font.getSize2D() * SUB_SIZE);
        FontMetrics fm = g2.getFontMetrics(font);
        // advances with fractional metrics: the window's JavaFX canvas draws the glyphs at their
        // fractional widths, and the whole-pixel widths of an image's metrics left a wide gap after
        // the small "VM" ("C_VM  / T_VM")
        FontRenderContext frc = new FontRenderContext(null, true, true);
        List<String> runs = new ArrayList<>();
        Matcher m = Subscripts.SUBSCRIPT.matcher(label);
        int last = 0;
        while (m.find()) {
            runs.add(label.substring(last, m.start()) + m.group(1));
            runs.add(m.group(2));
            last = m.end();
        }
        runs.add(label.substring(last));
        double width = 0;
        for (int i = 0; i < runs.size(); i++) {
            width += (i % 2 == 0 ? font : sub).getStringBounds(runs.get(i), frc).getWidth();
        }
        AffineTransform saved = g2.getTransform();
        // draw at the fractional advances measured above (an image's graphics rounds them otherwise)
        Object metrics = g2.getRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS);
        g2.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
        g2.rotate(angle, cx, cy);
        double x = cx - width / 2;
        double baseline = cy + (fm.getAscent() - fm.getDescent()) / 2.0;
        for (int i = 0; i < runs.size(); i++) {
            boolean isSub = i % 2 == 1;
            g2.setFont(isSub ? sub : font);
            float y = (float) (baseline + (isSub ? font.getSize2D() * SUB_DROP : 0));
            g2.drawString(runs.get(i), (float) x, y);
            x += (isSub ? sub : font).getStringBounds(runs.get(i), frc).getWidth();
        }
        g2.setFont(font);
        g2.setTransform(saved);
        g2.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS,
                metrics != null ? metrics : RenderingHints.VALUE_FRACTIONALMETRICS_DEFAULT);
    }
}
