package org.vmsched.chart;

import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Paint;
import java.awt.Shape;
import java.awt.geom.AffineTransform;
import java.awt.geom.Rectangle2D;
import org.jfree.chart.labels.XYItemLabelGenerator;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.chart.renderer.xy.XYItemRendererState;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.text.TextUtils;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYDataset;

/** The Gantt chart's own renderers ({@link GanttChartFactory}): labelled core bars and marks that stay in their lane. */
final class GanttRenderers {

    private GanttRenderers() {
    }

    /**
     * Bars whose item label (a global core's "v0/t1") is drawn centred in the bar, when it fits, on
     * the graphics itself, with its font and paint given back after. No copy: JFreeChart's own
     * drawItemLabel (1.5.5 and 1.5.6) create()s one it never disposes, which the PDF export's
     * graphics refuses ("Not all PdfGraphics2D copies were destroyed"), and on the window's canvas
     * (FXGraphics2D 2.1) a copy works on the canvas's own drawing state, saves a clip to the plot area on
     * it and never gives it back, even disposed: every later frame was clipped to the plot area, so
     * earlier frames' axes, titles and legends stayed on screen (GanttCanvasRedrawTest).
     */
    static final class LabelledBars extends XYBarRenderer {
        @Override
        protected void drawItemLabel(Graphics2D g2, XYDataset dataset, int series, int item,
                XYPlot plot, XYItemLabelGenerator generator, Rectangle2D bar,
                boolean negative) {
            String label = generator == null ? null : generator.generateLabel(dataset, series, item);
            if (label == null) {
                return;
            }
            Font font = g2.getFont();
            Paint paint = g2.getPaint();
            try {
                g2.setFont(getItemLabelFont(series, item));
                g2.setPaint(getItemLabelPaint(series, item));
                Rectangle2D text = TextUtils.getTextBounds(label, g2, g2.getFontMetrics());
                if (text.getWidth() > bar.getWidth() - 2 || text.getHeight() > bar.getHeight()) {
                    return; // a label that does not fit in its bar is left out, as JFreeChart's own does
                }
                TextUtils.drawAlignedString(label, g2, (float) bar.getCenterX(),
                        (float) bar.getCenterY(), TextAnchor.CENTER);
            } finally {
                g2.setFont(font);
                g2.setPaint(paint);
            }
        }
    }

    /**
     * The release, deadline, miss and migration marks, each drawn no larger than keeps it inside its
     * lane: a mark sits on its bar's edge (or centre) and is a fixed number of px, so on lanes lower
     * than about 20 px (a chart exported at 600 × 400 with ten lanes, a small window) a deadline's
     * triangle reached into the lane above. The shape is scaled down about its point, never up.
     * Not thread-safe, as any renderer.
     */
    static final class LaneMarks extends XYLineAndShapeRenderer {
        private static final long serialVersionUID = 1L;

        /** The lane height in px and the dataset of the drawing under way; NaN and null outside one. */
        private transient double lanePx = Double.NaN;
        private transient XYDataset drawn;

        LaneMarks() {
            super(false, true);
        }

        @Override
        public XYItemRendererState initialise(Graphics2D g2,
                Rectangle2D dataArea, XYPlot plot, XYDataset dataset,
                PlotRenderingInfo info) {
            double lanes = plot.getRangeAxis().getRange().getLength();
            lanePx = lanes > 0 ? dataArea.getHeight() / lanes : Double.NaN;
            drawn = dataset;
            return super.initialise(g2, dataArea, plot, dataset, info);
        }

        @Override
        public Shape getItemShape(int series, int item) {
            Shape shape = super.getItemShape(series, item);
            if (shape == null || drawn == null || !(lanePx > 0) || series >= drawn.getSeriesCount()
                    || item >= drawn.getItemCount(series)) {
                return shape;
            }
            double y = drawn.getYValue(series, item);
            // px below the lane's centre line where the mark's point is (y grows upward)
            double off = -(y - Math.rint(y)) * lanePx;
            Rectangle2D b = shape.getBounds2D();
            double half = lanePx / 2;
            double k = 1;
            if (b.getMaxY() > 0) {
                k = Math.min(k, (half - off) / b.getMaxY());
            }
            if (b.getMinY() < 0) {
                k = Math.min(k, (-half - off) / b.getMinY());
            }
            if (k >= 1) {
                return shape;
            }
            return AffineTransform.getScaleInstance(Math.max(0, k), Math.max(0, k)).createTransformedShape(shape);
        }
    }
}
