package org.vmsched.ui;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Paint;
import java.awt.Stroke;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.Axis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYItemRenderer;

/**
 * A chart's lines for View > High Contrast: every series, axis and grid line thicker and the
 * grid black, as the chart factory drew them otherwise ({@link #apply} remembers, so off gives
 * them back). Works on the chart on screen only; exports draw their own copy. FX thread only.
 */
public final class ChartContrast {

    /** How much thicker a line is in high contrast. */
    public static final float WIDER = 2.5f;

    private final List<Runnable> undo = new ArrayList<>();
    private final JFreeChart chart;

    public ChartContrast(JFreeChart chart) {
        this.chart = chart;
    }

    /** High contrast on or off for this chart. */
    public void apply(boolean on) {
        undo.forEach(Runnable::run);
        undo.clear();
        if (!on || chart == null || !(chart.getPlot() instanceof XYPlot plot)) {
            return;
        }
        for (int r = 0; r < plot.getRendererCount(); r++) {
            XYItemRenderer renderer = plot.getRenderer(r);
            if (renderer == null) {
                continue;
            }
            int series = plot.getDataset(r) == null ? 0 : plot.getDataset(r).getSeriesCount();
            for (int s = 0; s < series; s++) {
                int i = s;
                Stroke was = renderer.getSeriesStroke(i);
                Stroke base = was != null ? was : renderer.getDefaultStroke();
                renderer.setSeriesStroke(i, wider(base), false);
                undo.add(() -> renderer.setSeriesStroke(i, was, false));
            }
        }
        Paint grid = plot.getDomainGridlinePaint();
        Paint rangeGrid = plot.getRangeGridlinePaint();
        plot.setDomainGridlinePaint(Color.GRAY);
        plot.setRangeGridlinePaint(Color.GRAY);
        undo.add(() -> {
            plot.setDomainGridlinePaint(grid);
            plot.setRangeGridlinePaint(rangeGrid);
        });
        for (Axis a : new Axis[] {plot.getDomainAxis(), plot.getRangeAxis()}) {
            if (a != null) {
                Stroke line = a.getAxisLineStroke();
                Paint paint = a.getAxisLinePaint();
                a.setAxisLineStroke(wider(line));
                a.setAxisLinePaint(Color.BLACK);
                undo.add(() -> {
                    a.setAxisLineStroke(line);
                    a.setAxisLinePaint(paint);
                });
            }
        }
        chart.fireChartChanged();
    }

    private static Stroke wider(Stroke s) {
        if (s instanceof BasicStroke b) {
            return new BasicStroke(Math.max(2f, b.getLineWidth() * WIDER), b.getEndCap(), b.getLineJoin(), b.getMiterLimit(),
                    b.getDashArray(), b.getDashPhase());
        }
        return new BasicStroke(3f);
    }
}
