package org.vmsched.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.awt.Stroke;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.XYDataset;

/**
 * Colours, fonts and strokes shared by every chart, chosen to stay readable on a projector:
 * large fonts, white background, strong colours that survive a washed-out beamer. Stateless.
 */
public final class ChartStyle {

    /** The analytic curve. */
    public static final Color ANALYTIC = new Color(0x1f, 0x5f, 0xbf);
    /** Bounds drawn next to the analytic curve. */
    public static final Color BOUND = new Color(0xe0, 0x7b, 0x00);
    /** Simulated values. */
    public static final Color SIMULATED = new Color(0x8e, 0x24, 0xaa);
    /** The current configuration (marker). */
    public static final Color CURRENT = new Color(0xd0, 0x10, 0x10);
    /** Good / schedulable. */
    public static final Color GOOD = new Color(0x2e, 0x9d, 0x3c);
    /** Bad / miss. */
    public static final Color BAD = new Color(0xd0, 0x10, 0x10);
    /** Overhead slices. */
    public static final Color OVERHEAD = new Color(0x55, 0x55, 0x55);
    /** A palette for one series per task. */
    public static final Color[] SERIES = {
        new Color(0x1f, 0x77, 0xb4), new Color(0xff, 0x7f, 0x0e), new Color(0x2c, 0xa0, 0x2c),
        new Color(0x94, 0x67, 0xbd), new Color(0x8c, 0x56, 0x4b), new Color(0xe3, 0x77, 0xc2),
        new Color(0x17, 0xbe, 0xcf), new Color(0xbc, 0xbd, 0x22), new Color(0x7f, 0x7f, 0x7f)};

    public static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 17);
    public static final Font LABEL = new Font(Font.SANS_SERIF, Font.PLAIN, 15);
    public static final Font TICK = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
    public static final Font LEGEND = new Font(Font.SANS_SERIF, Font.PLAIN, 13);

    private ChartStyle() {
    }

    /** A solid line of the given width. */
    /**
     * A labelled marker line at {@code value}: label in the tick font and the given paint, on a
     * transparent background, placed by the two anchors.
     */
    public static ValueMarker marker(double value, Paint paint, Stroke stroke, String label,
                                                          Paint labelPaint, RectangleAnchor anchor,
                                                          TextAnchor textAnchor) {
        ValueMarker m = new ValueMarker(value, paint, stroke);
        m.setLabel(label);
        m.setLabelFont(TICK);
        m.setLabelBackgroundColor(new Color(255, 255, 255, 0));
        m.setLabelPaint(labelPaint);
        m.setLabelAnchor(anchor);
        m.setLabelTextAnchor(textAnchor);
        return m;
    }

    public static Stroke line(float width) {
        return new BasicStroke(width, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
    }

    /** A dashed line of the given width. */
    public static Stroke dashed(float width) {
        return new BasicStroke(width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 1f, new float[] {7f, 5f}, 0f);
    }

    /** The colour of series {@code i} in the palette. */
    public static Paint series(int i) {
        return SERIES[Math.floorMod(i, SERIES.length)];
    }

    /**
     * Room around a chart whose tick labels are {@code tickFontSize} points: a label centred on
     * the plot's edge ("1.0" at the right end of an α axis) reaches past it by half its width,
     * so the right side gets about one and a half font sizes; the other sides half of one (an
     * exported figure's margins).
     */
    public static RectangleInsets edgeRoom(double tickFontSize) {
        double side = Math.ceil(tickFontSize * 0.5);
        return new RectangleInsets(side, side, side, rightRoom(tickFontSize));
    }

    /** The room right of the plot that a tick label centred on its edge needs: 1.5 font sizes. */
    public static double rightRoom(double tickFontSize) {
        return Math.ceil(tickFontSize * 1.5);
    }

    /** {@code chart}'s padding with {@link #rightRoom} on the right (on screen: no more room than that). */
    public static void roomOnTheRight(JFreeChart chart, double tickFontSize) {
        RectangleInsets p = chart.getPadding();
        chart.setPadding(new RectangleInsets(p.getTop(), p.getLeft(), p.getBottom(), rightRoom(tickFontSize)));
    }

    /**
     * {@code chart}'s title with room below it for half a tick label's line: a tick label on the
     * plot's top edge ("30" of the period axis) is centred there and reached up to the title's
     * last line, touching it in present mode (issue 30, item 8).
     */
    public static void roomUnderTitle(JFreeChart chart, double tickFontSize) {
        TextTitle t = chart.getTitle();
        if (t != null) {
            RectangleInsets p = t.getPadding();
            t.setPadding(new RectangleInsets(p.getTop(), p.getLeft(), 1 + Math.ceil(tickFontSize * 0.6), p.getRight()));
        }
    }

    /** Applies the fonts, background, grid, {@link #rightRoom} and {@link #roomUnderTitle} to a chart; returns it. */
    public static JFreeChart apply(JFreeChart chart) {
        chart.setBackgroundPaint(Color.WHITE);
        roomOnTheRight(chart, TICK.getSize2D());
        roomUnderTitle(chart, TICK.getSize2D());
        TextTitle t = chart.getTitle();
        if (t != null) {
            t.setFont(TITLE);
        }
        LegendTitle legend = chart.getLegend();
        if (legend != null) {
            legend.setItemFont(LEGEND);
        }
        Plot p = chart.getPlot();
        p.setBackgroundPaint(Color.WHITE);
        if (p instanceof XYPlot xy) {
            xy.setDomainGridlinePaint(new Color(0xdd, 0xdd, 0xdd));
            xy.setRangeGridlinePaint(new Color(0xdd, 0xdd, 0xdd));
            xy.setOutlinePaint(Color.GRAY);
            for (int i = 0; i < xy.getDomainAxisCount(); i++) {
                if (xy.getDomainAxis(i) != null) {
                    xy.getDomainAxis(i).setLabelFont(LABEL);
                    xy.getDomainAxis(i).setTickLabelFont(TICK);
                }
            }
            for (int i = 0; i < xy.getRangeAxisCount(); i++) {
                if (xy.getRangeAxis(i) != null) {
                    xy.getRangeAxis(i).setLabelFont(LABEL);
                    xy.getRangeAxis(i).setTickLabelFont(TICK);
                }
            }
        }
        return chart;
    }

    /**
     * Why {@code chart} has nothing drawn, or null when it has data: the text of a {@link #message}
     * chart (its last full stop left off), or "it has no data" for a plot whose datasets are all
     * empty. What an export refuses to write: a picture or CSV of nothing ({@link ChartKind#nothingToDraw}).
     */
    public static String emptyReason(JFreeChart chart) {
        if (!(chart.getPlot() instanceof XYPlot plot)) {
            return null;
        }
        for (int d = 0; d < plot.getDatasetCount(); d++) {
            XYDataset ds = plot.getDataset(d);
            for (int s = 0; ds != null && s < ds.getSeriesCount(); s++) {
                if (ds.getItemCount(s) > 0) {
                    return null;
                }
            }
        }
        String why = plot.getNoDataMessage();
        if (why == null || why.isBlank()) {
            return "it has no data";
        }
        why = why.strip();
        return why.endsWith(".") ? why.substring(0, why.length() - 1) : why;
    }

    /** A chart that only says why there is nothing to draw (e.g. "no simulation yet"). */
    public static JFreeChart message(String title, String text) {
        XYPlot plot = new XYPlot();
        plot.setNoDataMessage(text);
        plot.setNoDataMessageFont(LABEL);
        plot.setNoDataMessagePaint(Color.DARK_GRAY);
        JFreeChart chart = new JFreeChart(title, TITLE, plot, false);
        return apply(chart);
    }
}
