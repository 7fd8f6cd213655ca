package org.vmsched.chart;

import java.awt.Color;
import java.awt.Font;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.List;
import java.util.regex.Pattern;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.LegendItemSource;
import org.jfree.chart.annotations.XYAnnotation;
import org.jfree.chart.annotations.XYPointerAnnotation;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.axis.Axis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.Marker;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.title.Title;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;

/**
 * Turns a chart as the window shows it into a chart for a paper: a copy (the window's chart is
 * not touched) whose text is in the bundled fonts ({@link ExportFonts}) at the size the user
 * chose, with no interactive hints ("click to propose …", "drag left-up for more"), marker labels
 * that keep clear of each other and of the lines under them, and room at the edges so no tick
 * label is clipped. Stateless.
 */
public final class ExportStyle {

    /** The window's tick font size, which {@link ExportOptions#fontSize()} replaces. */
    private static final float SCREEN_BASE = ChartStyle.TICK.getSize2D();

    /**
     * An interactive hint: "(click to …)", "(drag …)", ", drag left-up for more" and the like; the
     * last up to the " · " before the next part of the line, which stays whole (the exported Gantt
     * chart read "view 1,000–1,440 of 1,440· lanes 2–3 of 4").
     */
    private static final Pattern HINT = Pattern.compile(
            "\\s*\\((?:[^()]*\\b(?:click|drag|double-click|scroll)\\b[^()]*)\\)|,\\s*(?:click|drag|double-click|scroll)\\b[^·]*?(?=\\s*(?:·|$))",
            Pattern.CASE_INSENSITIVE);

    private ExportStyle() {
    }

    /** The chart styled for export; the argument is left as it was. */
    public static JFreeChart forExport(JFreeChart screen, ExportOptions o) {
        JFreeChart c;
        try {
            c = (JFreeChart) screen.clone();
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException("chart cannot be copied for export: " + e.getMessage(), e);
        }
        float k = o.fontSize() / SCREEN_BASE;
        c.setBackgroundPaint(Color.WHITE);
        c.setAntiAlias(true);
        c.setTextAntiAlias(true);
        if (c.getTitle() != null) {
            c.getTitle().setText(withoutHints(c.getTitle().getText()));
            c.getTitle().setFont(scaled(c.getTitle().getFont(), k));
        }
        List<Title> drop = new ArrayList<>();
        for (int i = 0; i < c.getSubtitleCount(); i++) {
            Title t = c.getSubtitle(i);
            if (t instanceof TextTitle tt) {
                String text = withoutHints(tt.getText());
                if (text.isBlank()) {
                    drop.add(t);
                }
                tt.setText(text);
                tt.setFont(scaled(tt.getFont(), k));
            } else if (t instanceof LegendTitle lt) {
                lt.setItemFont(scaled(lt.getItemFont(), k));
                // a cloned legend still asks the window's plot for its items: ask the copy's
                LegendItemSource[] src = lt.getSources();
                if (src.length == 1 && src[0] == screen.getPlot()) {
                    lt.setSources(new LegendItemSource[] {c.getPlot()});
                }
            }
        }
        drop.forEach(c::removeSubtitle);
        style(c.getPlot(), k, o.fontSize());
        c.setPadding(ChartStyle.edgeRoom(o.fontSize()));
        return c;
    }

    /**
     * The height, in the export's units, {@code styled} (a chart {@link #forExport} made) is written
     * at: the chosen height, or more for a Gantt chart whose lanes would be lower than a line of its
     * lane labels at the chosen font size ({@link GanttChartFactory#heightForLanes}), at most
     * {@link ExportOptions#MAX_SIZE}. Taller rather than smaller text: the font size was chosen so the
     * figure's text is legible printed a column wide, and lane labels fitted smaller than that (or
     * left out) are what a reader of the paper cannot read; a figure's height is free in a column.
     */
    public static int height(JFreeChart styled, ExportOptions o) {
        double h = GanttChartFactory.heightForLanes(styled, o.width(), o.height());
        return (int) Math.min(ExportOptions.MAX_SIZE, Math.max(o.height(), Math.ceil(h)));
    }

    /** {@code text} without its interactive hints. */
    public static String withoutHints(String text) {
        if (text == null) {
            return null;
        }
        return HINT.matcher(text).replaceAll("").strip();
    }

    private static void style(Plot p, float k, float base) {
        p.setNoDataMessageFont(scaled(p.getNoDataMessageFont(), k));
        if (!(p instanceof XYPlot xy)) {
            return;
        }
        for (int i = 0; i < xy.getDomainAxisCount(); i++) {
            axis(xy.getDomainAxis(i), k);
        }
        for (int i = 0; i < xy.getRangeAxisCount(); i++) {
            axis(xy.getRangeAxis(i), k);
        }
        for (XYAnnotation a : xy.getAnnotations()) {
            if (a instanceof XYTextAnnotation t) {
                t.setFont(scaled(t.getFont(), k));
                t.setBackgroundPaint(new Color(255, 255, 255, 220));
            }
            if (a instanceof XYPointerAnnotation pa) {
                // the arrow grows with the text, so the text stays clear of the point it names
                pa.setArrowLength(pa.getArrowLength() * k);
                pa.setBaseRadius(pa.getBaseRadius() * k);
                pa.setTipRadius(pa.getTipRadius() * k);
                pa.setLabelOffset(pa.getLabelOffset() * k);
                pa.setArrowWidth(pa.getArrowWidth() * Math.max(1, k / 1.5));
            }
        }
        detachMarkers(xy);
        markers(xy.getDomainMarkers(Layer.FOREGROUND), k, base, true);
        markers(xy.getDomainMarkers(Layer.BACKGROUND), k, base, true);
        markers(xy.getRangeMarkers(Layer.FOREGROUND), k, base, false);
        markers(xy.getRangeMarkers(Layer.BACKGROUND), k, base, false);
        LegendItemCollection fixed = xy.getFixedLegendItems();
        if (fixed != null) {
            LegendItemCollection copy = new LegendItemCollection();
            try {
                for (int i = 0; i < fixed.getItemCount(); i++) {
                    LegendItem li = (LegendItem) fixed.get(i).clone();
                    if (li.getLabelFont() != null) { // else the legend's item font, scaled with the legend
                        li.setLabelFont(scaled(li.getLabelFont(), k));
                    }
                    copy.add(li);
                }
                xy.setFixedLegendItems(copy);
            } catch (CloneNotSupportedException e) {
                // keep the shared items as they are: their text then has the legend's scaled font
            }
        }
        if (xy instanceof CombinedDomainXYPlot combined) {
            for (XYPlot sub : combined.getSubplots()) {
                style(sub, k, base);
            }
        }
    }

    /** XYPlot's marker maps, which its clone holds in common with the original (a shallow copy). */
    private static final String[] MARKER_FIELDS = {
        "foregroundDomainMarkers", "backgroundDomainMarkers", "foregroundRangeMarkers", "backgroundRangeMarkers"};

    /**
     * Gives a cloned plot markers of its own. {@code XYPlot.clone()} copies its marker maps
     * shallowly, so restyling (or removing) a marker of the copy would change the window's chart;
     * JFreeChart offers no public way to replace the lists, so the copy's maps are replaced
     * through reflection. Should a later JFreeChart rename the fields, the markers are left
     * unstyled rather than the window's chart changed ({@code ExportStyleTest} notices).
     */
    @SuppressWarnings("unchecked")
    private static void detachMarkers(XYPlot plot) {
        try {
            for (String name : MARKER_FIELDS) {
                Field f = XYPlot.class.getDeclaredField(name);
                f.setAccessible(true);
                Map<Integer, List<Marker>> shared = (Map<Integer, List<Marker>>) f.get(plot);
                if (shared == null) {
                    continue;
                }
                Map<Integer, List<Marker>> own = new HashMap<>();
                for (Map.Entry<Integer, List<Marker>> e : shared.entrySet()) {
                    List<Marker> copies = new ArrayList<>();
                    for (Marker m : e.getValue()) {
                        copies.add((Marker) m.clone());
                    }
                    own.put(e.getKey(), copies);
                }
                f.set(plot, own);
            }
            detached.set(true);
        } catch (ReflectiveOperationException | CloneNotSupportedException | RuntimeException e) {
            detached.set(false);
        }
    }

    /** Whether the last export could give its markers their own copies (else they keep the window's style). */
    private static final ThreadLocal<Boolean> detached = ThreadLocal.withInitial(() -> false);

    private static void axis(Axis a, float k) {
        if (a == null) {
            return;
        }
        a.setLabelFont(scaled(a.getLabelFont(), k));
        a.setTickLabelFont(scaled(a.getTickLabelFont(), k));
    }

    /**
     * Marker labels in the export font, each on a white backing so the lines it crosses do not
     * run through its letters, and their stacking offsets grown with the font so they stay apart.
     */
    private static void markers(Collection<?> ms, float k, float base, boolean vertical) {
        if (ms == null || !detached.get()) {
            return;
        }
        for (Object o : ms) {
            if (o instanceof Marker m && m.getLabel() != null) {
                m.setLabelFont(scaled(m.getLabelFont(), k));
                // a label at the top of a vertical marker meets the titles and the curves' tops
                // (the supply chart's "R = …" pointer): at the foot of the line the plot is emptier
                if (vertical && bottomOf(m.getLabelAnchor()) != m.getLabelAnchor()) {
                    m.setLabelAnchor(bottomOf(m.getLabelAnchor()));
                    m.setLabelTextAnchor(bottomOf(m.getLabelTextAnchor()));
                }
                m.setLabelBackgroundColor(new Color(255, 255, 255, 220));
                RectangleInsets in = m.getLabelOffset();
                m.setLabelOffset(new RectangleInsets(in.getTop() * k, in.getLeft() * k + base * 0.3, in.getBottom() * k,
                        in.getRight() * k + base * 0.3));
            }
        }
    }

    private static RectangleAnchor bottomOf(RectangleAnchor a) {
        if (a == RectangleAnchor.TOP_LEFT) {
            return RectangleAnchor.BOTTOM_LEFT;
        }
        if (a == RectangleAnchor.TOP_RIGHT) {
            return RectangleAnchor.BOTTOM_RIGHT;
        }
        return a == RectangleAnchor.TOP ? RectangleAnchor.BOTTOM : a;
    }

    private static TextAnchor bottomOf(TextAnchor a) {
        if (a == null) {
            return null;
        }
        if (a.equals(TextAnchor.TOP_LEFT)) {
            return TextAnchor.BOTTOM_LEFT;
        }
        if (a.equals(TextAnchor.TOP_RIGHT)) {
            return TextAnchor.BOTTOM_RIGHT;
        }
        return a.equals(TextAnchor.TOP_CENTER) ? TextAnchor.BOTTOM_CENTER : a;
    }

    private static Font scaled(Font f, float k) {
        Font from = f == null ? ChartStyle.TICK : f;
        return ExportFonts.replacement(from, Math.max(1f, from.getSize2D() * k));
    }
}
