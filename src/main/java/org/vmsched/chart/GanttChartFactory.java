package org.vmsched.chart;

import org.vmsched.text.Format;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Paint;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.AxisSpace;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.block.LengthConstraintType;
import org.jfree.chart.block.RectangleConstraint;
import org.jfree.chart.event.AxisChangeListener;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.StandardXYBarPainter;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.title.Title;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.Size2D;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.Range;
import org.jfree.data.xy.XYIntervalSeries;

/**
 * The Gantt chart of a simulation trace: time on x, one lane per core and per task on y. VM
 * slices are coloured per VM (a lighter shade while the VM holds the core with no ready task),
 * a task's execution in its VM's colour, switch overhead dark grey, late execution red; releases
 * are up triangles, deadlines down triangles, misses red crosses ({@link GanttMarks}). A subtitle
 * says when the trace was cut, which window is shown and how many misses there are. Hovering shows
 * the slice. Stateless.
 */
public final class GanttChartFactory {

    private static final double HALF = LaneAxis.HALF_BAR;

    private GanttChartFactory() {
    }

    /** Builds the chart over the trace's whole time range. */
    public static JFreeChart create(GanttData d) {
        return create(d, d.start(), d.end());
    }

    /** Builds the chart showing the time window [from, to] (zoom by the user still works). */
    public static JFreeChart create(GanttData d, double from, double to) {
        Map<String, Color> vmColours = vmColours(d);
        SliceSeries series = sliceSeries(d, vmColours);
        NumberAxis x = new TimeAxis("time");
        GanttSlices slices = new GanttSlices();
        XYBarRenderer bars = sliceBars(series, slices, vmColours, x);
        GanttMarks marks = GanttMarks.of(d);
        SymbolAxis y = laneAxis(d);
        x.setRange(from, Math.max(to, from + 1e-9));
        XYPlot plot = new XYPlot(slices, x, y, bars);
        plot.setDataset(1, marks.dataset());
        plot.setRenderer(1, marks.renderer());
        plot.setDatasetRenderingOrder(DatasetRenderingOrder.FORWARD);
        JFreeChart chart = new JFreeChart("Simulation trace", ChartStyle.TITLE, plot, true);
        ChartStyle.apply(chart);
        addWindowSubtitle(chart, d, from, to, x, y, marks.misses());
        return chart;
    }

    /**
     * One colour per VM, in lane order, so a VM keeps its colour from run to run and its tasks'
     * execution on the task lanes matches its slices on the core lane.
     */
    private static Map<String, Color> vmColours(GanttData d) {
        Map<String, Color> vmColours = new LinkedHashMap<>();
        for (GanttData.Lane lane : d.lanes()) {
            if (lane.kind() == GanttData.LaneKind.TASK && lane.name().contains("/")) {
                vmColour(vmColours, lane.name().substring(0, lane.name().indexOf('/')));
            }
        }
        return vmColours;
    }

    /**
     * The slices grouped into series by what they show (a VM, its idle shade, overhead, late
     * execution, a VM's task execution), in legend order, with each series' paint, whether the
     * legend shows it, and its slices for the tooltips.
     */
    private record SliceSeries(Map<String, XYIntervalSeries> bySeries, Map<String, Paint> paints,
            Map<String, Boolean> inLegend, Map<String, List<Tip>> tips) {
    }

    /** How one slice is drawn: its series, the series' paint and whether the legend shows it. */
    private record SliceStyle(String key, Paint paint, boolean legend) {
    }

    private static SliceSeries sliceSeries(GanttData d, Map<String, Color> vmColours) {
        int n = d.lanes().size();
        Map<String, XYIntervalSeries> bySeries = new LinkedHashMap<>();
        Map<String, Paint> paints = new HashMap<>();
        Map<String, Boolean> inLegend = new HashMap<>();
        // tooltips are built when hovered: formatting 50,000 of them up front costs more than the chart
        Map<String, List<Tip>> tips = new HashMap<>();
        for (Map.Entry<String, Color> vm : vmColours.entrySet()) {
            // each VM's own entry first in the legend, before its lighter idle shade
            bySeries.put(vm.getKey(), new XYIntervalSeries(vm.getKey(), false, true));
            paints.put(vm.getKey(), vm.getValue());
            inLegend.put(vm.getKey(), true);
            tips.put(vm.getKey(), new ArrayList<>());
        }
        for (int li = 0; li < n; li++) {
            GanttData.Lane lane = d.lanes().get(li);
            double y = n - 1 - li;
            String laneVm = lane.name().contains("/") ? lane.name().substring(0, lane.name().indexOf('/')) : null;
            for (GanttData.Slice s : merged(lane.slices())) {
                SliceStyle style = style(s, laneVm, vmColours);
                String key = style.key();
                XYIntervalSeries series = bySeries.computeIfAbsent(key, k -> new XYIntervalSeries(k, false, true));
                paints.putIfAbsent(key, style.paint());
                inLegend.putIfAbsent(key, style.legend());
                series.add((s.start() + s.end()) / 2, s.start(), s.end(), y, y - HALF, y + HALF);
                tips.computeIfAbsent(key, k -> new ArrayList<>()).add(new Tip(lane.name(), s));
            }
        }
        return new SliceSeries(bySeries, paints, inLegend, tips);
    }

    /** How slice {@code s} of a lane of VM {@code laneVm} (null for a core lane) is drawn. */
    private static SliceStyle style(GanttData.Slice s, String laneVm, Map<String, Color> vmColours) {
        switch (s.kind()) {
            case OVERHEAD -> {
                return new SliceStyle("switch overhead", ChartStyle.OVERHEAD, true);
            }
            case VM -> {
                String key = s.owner();
                int idle = key.indexOf(IDLE_SUFFIX);
                // a global run's "control vCPU0/t1" is drawn as its VM: one colour with its tasks, one legend entry
                String vm = vmOf(vmColours, idle >= 0 ? key.substring(0, idle) : key);
                if (idle >= 0) {
                    return new SliceStyle(vm + " budget, no ready task", lighter(vmColour(vmColours, vm)), true);
                }
                return new SliceStyle(vm, vmColour(vmColours, vm), true);
            }
            default -> {
                if (s.late()) {
                    return new SliceStyle("late execution", ChartStyle.BAD, true);
                }
                // same colour as its VM: the VM's legend entry says it
                return new SliceStyle((laneVm == null ? "" : laneVm) + " task execution",
                        laneVm == null ? ChartStyle.GOOD : vmColour(vmColours, laneVm), false);
            }
        }
    }

    /** The renderer of the slices, with their series added to {@code slices} in the same order. */
    private static XYBarRenderer sliceBars(SliceSeries series, GanttSlices slices, Map<String, Color> vmColours,
            NumberAxis x) {
        List<List<Tip>> tipList = new ArrayList<>();
        XYBarRenderer bars = new GanttRenderers.LabelledBars();
        bars.setUseYInterval(true);
        bars.setBarPainter(new StandardXYBarPainter());
        bars.setShadowVisible(false);
        bars.setDrawBarOutline(true);
        bars.setDefaultOutlinePaint(Color.WHITE);
        bars.setDefaultOutlineStroke(new BasicStroke(0.5f));
        int si = 0;
        for (Map.Entry<String, XYIntervalSeries> e : series.bySeries().entrySet()) {
            slices.addSeries(e.getValue(), series.tips().get(e.getKey()).stream().map(Tip::slice).toList());
            bars.setSeriesVisibleInLegend(si, series.inLegend().get(e.getKey()) && e.getValue().getItemCount() > 0);
            bars.setSeriesPaint(si++, series.paints().get(e.getKey()));
            tipList.add(series.tips().get(e.getKey()));
        }
        bars.setDefaultToolTipGenerator((ds, s, i) -> tipList.get(s).get(i).text());
        // a global run's core slice says its virtual CPU and task ("v0/t1") where the label fits in the bar
        bars.setDefaultItemLabelGenerator((ds, s, i) -> {
            Tip tip = tipList.get(s).get(i);
            return tip.slice().end() - tip.slice().start() < (x.getUpperBound() - x.getLowerBound()) / LABELLED_SHARE ? null
                    : vcpuLabel(vmColours, tip.slice());
        });
        bars.setDefaultItemLabelsVisible(true);
        bars.setDefaultItemLabelFont(ChartStyle.TICK.deriveFont(Font.BOLD, ChartStyle.TICK.getSize2D() * 0.85f));
        bars.setDefaultItemLabelPaint(Color.WHITE); // LabelledBars centres each label in its bar
        return bars;
    }

    /** The lane axis: the first lane on top; over {@link #MAX_LANES_SHOWN} lanes it shows the top ones. */
    private static SymbolAxis laneAxis(GanttData d) {
        int n = d.lanes().size();
        String[] names = new String[n];
        for (int li = 0; li < n; li++) {
            names[n - 1 - li] = d.lanes().get(li).name();
        }
        SymbolAxis y = new LaneAxis(names);
        y.setGridBandsVisible(false);
        if (n > MAX_LANES_SHOWN) {
            // 200 task lanes in one view are a black block: show the top ones, pan for the rest
            y.setRange(n - MAX_LANES_SHOWN - 0.5, n - 0.5);
        }
        return y;
    }

    /**
     * The line under the title (the cut, the window and lanes shown, the misses), which follows a
     * drag zoom, a pan and Reset zoom.
     */
    private static void addWindowSubtitle(JFreeChart chart, GanttData d, double from, double to, NumberAxis x,
            SymbolAxis y, int misses) {
        int n = d.lanes().size();
        String sub = line(subtitle(d, from, to, misses),
                lanesShown(n, y.getLowerBound(), y.getUpperBound()));
        TextTitle t = new TextTitle(sub, ChartStyle.TICK);
        t.setPaint(d.cut() ? ChartStyle.BAD : Color.DARK_GRAY);
        t.setVisible(!sub.isEmpty());
        chart.addSubtitle(0, t);
        AxisChangeListener follow = e -> {
            String now = line(subtitle(d, x.getLowerBound(), x.getUpperBound(), misses),
                    lanesShown(n, y.getLowerBound(), y.getUpperBound()));
            if (!now.equals(t.getText())) {
                t.setText(now);
                t.setVisible(!now.isEmpty());
            }
        };
        x.addChangeListener(follow);
        y.addChangeListener(follow);
    }

    /** The subtitle line of a Gantt chart made here (the cut, the window shown, misses); "" when none. */
    public static String subtitleOf(JFreeChart chart) {
        for (Object o : chart.getSubtitles()) {
            if (o instanceof TextTitle t) {
                return t.isVisible() ? t.getText() : "";
            }
        }
        return "";
    }

    /**
     * Marks the instant {@code time} on a Gantt chart made here with a vertical line labelled
     * "t = …" (the current instant while stepping through a run); replaces an earlier mark.
     */
    public static void markNow(JFreeChart chart, double time) {
        XYPlot plot = chart.getXYPlot();
        plot.clearDomainMarkers();
        ValueMarker m = new ValueMarker(time, ChartStyle.BAD,
                new BasicStroke(2f));
        m.setLabel("t = " + Format.label(time, true));
        m.setLabelFont(ChartStyle.TICK);
        m.setLabelPaint(ChartStyle.BAD);
        m.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
        m.setLabelTextAnchor(TextAnchor.TOP_LEFT);
        plot.addDomainMarker(m, Layer.FOREGROUND);
    }

    /**
     * The height, in px, {@code chart} (a Gantt chart made here) needs at {@code width} px wide
     * for every lane in view to be as high as a line of its label in the lane axis's own font (no
     * label fitted smaller than the time axis's numbers): {@code height} when that is enough, more
     * when the titles, legend and time axis leave the lanes less. A window shows a chart taller than
     * its room in a scroll pane (a global run's 7 to 10 lanes under a legend of 3 to 4 rows got
     * about 4 to 10 px each, labelled in 7 pt or every other one). Measured with the chart's fonts
     * on an image's graphics, as JFreeChart lays the chart out: it draws nothing. Not for a chart
     * being drawn on another thread.
     */
    public static double heightForLanes(JFreeChart chart, double width, double height) {
        if (chart == null || !(chart.getPlot() instanceof XYPlot plot) || !(plot.getRangeAxis() instanceof LaneAxis lanes)
                || !(width > 0) || !(height > 0)) {
            return height;
        }
        BufferedImage img = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB);
        Graphics2D g2 = img.createGraphics();
        try {
            g2.setRenderingHints(chart.getRenderingHints());
            Rectangle2D area = new Rectangle2D.Double(0, 0, width, height);
            chart.getPadding().trim(area);
            List<Title> titles = new ArrayList<>();
            if (chart.getTitle() != null) {
                titles.add(chart.getTitle());
            }
            for (int i = 0; i < chart.getSubtitleCount(); i++) {
                titles.add(chart.getSubtitle(i));
            }
            double taken = 0;
            for (Title t : titles) {
                if (!t.isVisible()) {
                    continue;
                }
                // as JFreeChart.drawTitle: a title above or below gets the whole width, any height
                RectangleConstraint c = new RectangleConstraint(
                        area.getWidth(), new Range(0, area.getWidth()),
                        LengthConstraintType.RANGE, area.getHeight(),
                        new Range(0, Double.MAX_VALUE), LengthConstraintType.RANGE);
                Size2D size = t.arrange(g2, c);
                if (RectangleEdge.isTopOrBottom(t.getPosition())) {
                    taken += size.getHeight();
                } else {
                    area.setRect(area.getX(), area.getY(), Math.max(0, area.getWidth() - size.getWidth()), area.getHeight());
                }
            }
            area.setRect(area.getX(), area.getY(), area.getWidth(), Math.max(0, area.getHeight() - taken));
            plot.getInsets().trim(area);
            // as XYPlot.calculateAxisSpace: the lane axis first, then the time axis in what it leaves
            // (whose label stands below the lane names when they leave room: TimeAxis)
            AxisSpace space = lanes.reserveSpace(g2, plot, area, plot.getRangeAxisEdge(),
                    new AxisSpace());
            if (plot.getDomainAxis() != null) {
                space = plot.getDomainAxis().reserveSpace(g2, plot, space.shrink(area, null), plot.getDomainAxisEdge(), space);
            }
            double lanesPx = area.getHeight() - space.getTop() - space.getBottom()
                    - plot.getAxisOffset().getTop() - plot.getAxisOffset().getBottom();
            double needed = lanes.getRange().getLength() * lanes.lineHeight(g2);
            // LaneAxis keeps its own font while a line is lower than a lane: a px more than the lines,
            // and one for the drawn layout's whole pixels (an export at 411 pt got lanes of exactly a line)
            return lanesPx > needed + 1 ? height : height + Math.ceil(needed - lanesPx) + 2;
        } finally {
            g2.dispose();
        }
    }

    /** Most lanes in the first view; the others are a pan (Ctrl+drag) away. */
    public static final int MAX_LANES_SHOWN = 32;

    /**
     * The part of the subtitle that says which lanes are in view, when not all are: those whose bar
     * is, if only in part, as the lane axis labels them ({@link LaneAxis}).
     */
    static String lanesShown(int n, double lower, double upper) {
        // lane li sits at y = n − 1 − li: the top lane is number 1
        int first = 0;
        int last = 0;
        for (int li = 0; li < n; li++) {
            if (LaneAxis.inView(n - 1 - li, lower, upper)) {
                first = first == 0 ? li + 1 : first;
                last = li + 1;
            }
        }
        if (first <= 1 && last >= n || first == 0) {
            return "";
        }
        return "lanes " + first + "–" + last + " of " + n + " (Ctrl+drag up or down for the others)";
    }

    private static String line(String a, String b) {
        return a.isEmpty() ? b : b.isEmpty() ? a : a + " · " + b;
    }

    /** The line under the title: a cut trace, the window shown when it is not the whole trace, misses. */
    static String subtitle(GanttData d, double from, double to, int misses) {
        List<String> parts = new ArrayList<>();
        if (d.cut()) {
            parts.add("trace cut for speed: " + Format.label(d.start(), true) + "–" + Format.label(d.end(), true) + " of " + Format.label(d.horizon(), true) + " drawn");
        }
        if (to > d.end() && !d.cut()) {
            // Step-through shows a little past the instant reached: not "view 4–44 of 40"
            parts.add("view " + Format.label(from, true) + "–" + Format.label(to, true) + ", simulated up to " + Format.label(d.end(), true));
        } else if (from > d.start() || to < d.end()) {
            parts.add("view " + Format.label(from, true) + "–" + Format.label(to, true) + (d.cut() ? "" : " of " + Format.label(d.end(), true) + ", drag left-up for more"));
        }
        if (misses > 0) {
            parts.add(misses + (misses == 1 ? " deadline miss" : " deadline misses") + " (red ✕)");
        }
        return String.join(" · ", parts);
    }

    /** The suffix the trace converter puts on a VM that holds the core with no task ready. */
    static final String IDLE_SUFFIX = " (no ready task)";

    /**
     * The trace splits a VM's run at every event inside it: back-to-back slices of the same kind,
     * owner, virtual CPU and job become one, so the chart shows runs, not events.
     */
    static List<GanttData.Slice> merged(List<GanttData.Slice> slices) {
        List<GanttData.Slice> out = new ArrayList<>(slices.size());
        for (GanttData.Slice s : slices) {
            GanttData.Slice p = out.isEmpty() ? null : out.get(out.size() - 1);
            if (p != null && p.continuedBy(s)) {
                out.set(out.size() - 1, p.over(p.start(), s.end(), p.late()));
            } else {
                out.add(s);
            }
        }
        return out;
    }

    /**
     * A core slice gets a label only when it spans at least 1/this of the time in view (a 20-wide
     * view: 0.5); the renderer then draws it only where it fits inside the bar (no fallback position).
     */
    static final double LABELLED_SHARE = 40;

    private static final Pattern VCPU_OWNER = Pattern.compile("(.*) (vCPU\\d+(?:/.*)?)");

    /**
     * The VM of a core slice's owner: {@code owner} itself, or under global EDF the VM of
     * "control vCPU0/t1" (SimulationChartData's words) when that VM has task lanes.
     */
    static String vmOf(Map<String, Color> vms, String owner) {
        if (vms.containsKey(owner)) {
            return owner;
        }
        Matcher m = VCPU_OWNER.matcher(owner);
        return m.matches() && vms.containsKey(m.group(1)) ? m.group(1) : owner;
    }

    /** "v0/t1" (vCPU 0 running t1) for a global run's running core slice; null for any other slice. */
    static String vcpuLabel(Map<String, Color> vms, GanttData.Slice s) {
        if (s.kind() != GanttData.SliceKind.VM || s.owner().contains(IDLE_SUFFIX) || vms.containsKey(s.owner())) {
            return null;
        }
        Matcher m = VCPU_OWNER.matcher(s.owner());
        return m.matches() && vms.containsKey(m.group(1)) ? "v" + m.group(2).substring("vCPU".length()) : null;
    }

    private static Color vmColour(Map<String, Color> colours, String vm) {
        return colours.computeIfAbsent(vm, k -> (Color) ChartStyle.series(colours.size()));
    }

    private static Color lighter(Color c) {
        return new Color((c.getRed() + 2 * 255) / 3, (c.getGreen() + 2 * 255) / 3, (c.getBlue() + 2 * 255) / 3);
    }

    /** A slice and its lane, formatted only when hovered. */
    private record Tip(String lane, GanttData.Slice slice) {
        String text() {
            return lane + ": " + slice.owner() + " " + Format.label(slice.start(), true) + "–" + Format.label(slice.end(), true)
                    + (slice.kind() == GanttData.SliceKind.OVERHEAD ? " (switch overhead)" : "")
                    + (slice.late() ? " (after its deadline)" : "");
        }
    }
}
