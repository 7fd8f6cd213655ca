package org.vmsched.chart;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.AxisSpace;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.RectangleEdge;

/**
 * Gantt charts drawn one above the other on one time axis (issue 32, item 3: global EDF over the
 * partitioned placement): their lane axes get the same width, so a time is at the same x in each
 * whatever the lanes are called, and a zoom or pan of one time axis moves the others. Not
 * thread-safe: call it where the charts are drawn.
 */
public final class SharedTimeAxis {

    private SharedTimeAxis() {
    }

    /** Gives every chart's lane axis the width the widest needs in its fonts now; call again after a font change. */
    public static void alignLanes(List<JFreeChart> charts) {
        BufferedImage img = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB);
        Graphics2D g2 = img.createGraphics();
        try {
            double widest = 0;
            for (JFreeChart c : charts) {
                XYPlot plot = (XYPlot) c.getPlot();
                plot.setFixedRangeAxisSpace(null);
                AxisSpace space = plot.getRangeAxis().reserveSpace(g2, plot, new Rectangle2D.Double(0, 0, 1000, 600),
                        RectangleEdge.LEFT, new AxisSpace());
                widest = Math.max(widest, space.getLeft());
            }
            for (JFreeChart c : charts) {
                AxisSpace fixed = new AxisSpace();
                fixed.setLeft(widest);
                ((XYPlot) c.getPlot()).setFixedRangeAxisSpace(fixed);
            }
        } finally {
            g2.dispose();
        }
    }

    /** A change of one chart's time range (zoom, pan, reset) sets the same range on the others. */
    public static void linkTime(List<JFreeChart> charts) {
        boolean[] busy = {false};
        for (JFreeChart c : charts) {
            ValueAxis time = ((XYPlot) c.getPlot()).getDomainAxis();
            time.addChangeListener(e -> {
                if (busy[0]) {
                    return;
                }
                busy[0] = true;
                try {
                    for (JFreeChart other : charts) {
                        ValueAxis t = ((XYPlot) other.getPlot()).getDomainAxis();
                        if (t != time && !t.getRange().equals(time.getRange())) {
                            t.setRange(time.getRange());
                        }
                    }
                } finally {
                    busy[0] = false;
                }
            });
        }
    }
}
