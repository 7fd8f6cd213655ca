package org.vmsched.chart;

import org.vmsched.text.Format;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Paint;
import java.awt.Shape;
import java.awt.Stroke;
import java.awt.geom.Ellipse2D;
import java.awt.geom.PathIterator;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYAnnotation;
import org.jfree.chart.annotations.XYPointerAnnotation;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.Marker;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.chart.renderer.xy.XYItemRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.renderer.xy.XYStepRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.data.xy.IntervalXYDataset;
import org.jfree.data.xy.XYDataset;

/**
 * A chart as pgfplots/TikZ source for LaTeX, so that an author's figure takes the paper's own
 * fonts and can be restyled in the paper: one {@code tikzpicture} with one {@code axis} per plot
 * (stacked for a combined plot), the data inline, each series in the colour and line style of
 * the window (curves as {@code \addplot}, step curves as {@code const plot}, bars and Gantt
 * slices as filled rectangles, marker lines dashed or solid as drawn), axis labels and ranges as
 * shown, lanes by name. Only what lies in the shown range is written, so a long trace zoomed to
 * its first 40 time units stays small. The title is a comment (a paper puts it in the caption).
 * Needs the pgfplots package, compat level 1.16 or later (the header comment says how); Unicode
 * in labels is written as LaTeX ({@code α} as {@code \ensuremath{\alpha}}), so pdfLaTeX is enough. Stateless.
 */
public final class ChartTikz {

    /** How many series items a figure holds at most: pgfplots runs out of TeX memory long before. */
    public static final int MAX_ITEMS = 20_000;

    private ChartTikz() {
    }

    /** The chart as a {@code tikzpicture} (with a comment header naming the packages it needs). */
    public static String toTikz(JFreeChart chart) {
        StringBuilder sb = new StringBuilder();
        String title = chart.getTitle() == null ? null : chart.getTitle().getText();
        sb.append("% VMSched figure").append(title == null || title.isBlank() ? "" : ": " + oneLine(title)).append('\n');
        sb.append("% needs \\usepackage{pgfplots} and \\pgfplotsset{compat=1.16} in the preamble\n");
        Colors colors = new Colors();
        StringBuilder body = new StringBuilder();
        int[] budget = {MAX_ITEMS};
        if (chart.getPlot() instanceof CombinedDomainXYPlot combined) {
            @SuppressWarnings("unchecked")
            List<XYPlot> subs = combined.getSubplots();
            for (int i = 0; i < subs.size(); i++) {
                axis(body, subs.get(i), combined.getDomainAxis(), colors, budget, i, subs.size(), hasLegend(chart) && i == 0,
                        hasLegend(chart));
            }
        } else if (chart.getPlot() instanceof XYPlot plot) {
            axis(body, plot, plot.getDomainAxis(), colors, budget, 0, 1, hasLegend(chart), hasLegend(chart));
        } else {
            body.append("% (this chart has no XY data)\n");
        }
        sb.append(colors.definitions(body));
        sb.append("\\begin{tikzpicture}\n").append(body).append("\\end{tikzpicture}\n");
        if (budget[0] < 0) {
            sb.insert(0, "% cut: more than " + MAX_ITEMS + " items in the shown range; zoom in and export again\n");
        }
        return sb.toString();
    }

    private static boolean hasLegend(JFreeChart chart) {
        return chart.getLegend() != null && chart.getLegend().isVisible();
    }

    /** One {@code axis} environment: its options, then markers, series and annotations as the plot draws them. */
    private static void axis(StringBuilder sb, XYPlot plot, ValueAxis xAxis, Colors colors, int[] budget,
                             int index, int count, boolean legend, boolean figureLegend) {
        ValueAxis yAxis = plot.getRangeAxis();
        Shown shown = new Shown(xAxis.getLowerBound(), xAxis.getUpperBound(), yAxis.getLowerBound(), yAxis.getUpperBound());
        List<String> opts = axisOptions(xAxis, yAxis, shown, index, count, figureLegend);
        sb.append("\\begin{axis}[\n");
        for (int i = 0; i < opts.size(); i++) {
            sb.append("  ").append(opts.get(i)).append(i < opts.size() - 1 ? ",\n" : "\n");
        }
        sb.append("]\n");
        markers(sb, plot.getDomainMarkers(Layer.BACKGROUND), true, colors);
        markers(sb, plot.getRangeMarkers(Layer.BACKGROUND), false, colors);
        for (int d = 0; d < plot.getDatasetCount(); d++) {
            XYDataset ds = plot.getDataset(d);
            XYItemRenderer r = plot.getRendererForDataset(ds);
            if (ds == null || r == null) {
                continue;
            }
            for (int s = 0; s < ds.getSeriesCount(); s++) {
                if (!r.isSeriesVisible(s)) {
                    continue;
                }
                series(sb, ds, r, s, shown, colors, budget, legend && r.isSeriesVisibleInLegend(s));
            }
        }
        markers(sb, plot.getDomainMarkers(Layer.FOREGROUND), true, colors);
        markers(sb, plot.getRangeMarkers(Layer.FOREGROUND), false, colors);
        annotations(sb, plot);
        sb.append("\\end{axis}\n");
    }

    /** The shown range of a plot, in data units. */
    private record Shown(double x0, double x1, double y0, double y1) {
    }

    /** The options of one axis environment: place, size, labels, range, scales, ticks and legend style. */
    private static List<String> axisOptions(ValueAxis xAxis, ValueAxis yAxis, Shown shown, int index, int count,
                                            boolean figureLegend) {
        List<String> opts = new ArrayList<>();
        opts.add("name=plot" + index);
        if (index > 0) {
            opts.add("at={(plot" + (index - 1) + ".below south west)}, anchor=north west, yshift=-1ex");
        }
        // the legend stands right of the axis: the whole figure, legend included, is about \linewidth wide
        opts.add(figureLegend ? "width=0.7\\linewidth" : "width=0.92\\linewidth");
        opts.add("height=" + Format.tikz(count == 1 ? 0.6 : Math.max(0.3, 0.9 / count)) + "\\linewidth");
        opts.add("scale only axis=false");
        if (index == count - 1 && xAxis.getLabel() != null) {
            opts.add("xlabel={" + tex(xAxis.getLabel()) + "}");
        }
        if (index < count - 1) {
            opts.add("xticklabels={}");
        }
        if (yAxis.getLabel() != null) {
            opts.add("ylabel={" + tex(yAxis.getLabel()) + "}");
        }
        opts.add("xmin=" + Format.tikz(shown.x0()) + ", xmax=" + Format.tikz(shown.x1()) + ", ymin=" + Format.tikz(shown.y0())
                + ", ymax=" + Format.tikz(shown.y1()));
        if (xAxis instanceof LogAxis) {
            opts.add("xmode=log");
        }
        if (yAxis instanceof LogAxis) {
            opts.add("ymode=log");
        }
        if (xAxis.isInverted()) {
            opts.add("x dir=reverse");
        }
        if (yAxis.isInverted()) {
            opts.add("y dir=reverse");
        }
        if (yAxis instanceof SymbolAxis lanes) {
            laneTicks(opts, lanes, shown);
        } else {
            opts.add("grid=major, grid style={gray!25}");
        }
        opts.add("unbounded coords=jump");
        opts.add("clip=true");
        opts.add("legend cell align=left, legend style={font=\\footnotesize, at={(1.02,1)}, anchor=north west}");
        opts.add("tick label style={font=\\footnotesize}, label style={font=\\small}");
        return opts;
    }

    /** The lanes of a symbol axis as ticks labelled by name, those in the shown range only. */
    private static void laneTicks(List<String> opts, SymbolAxis lanes, Shown shown) {
        String[] names = lanes.getSymbols();
        List<String> ticks = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < names.length; i++) {
            if (i >= shown.y0() - 0.5 && i <= shown.y1() + 0.5) {
                ticks.add(Integer.toString(i));
                labels.add("{" + tex(names[i]) + "}");
            }
        }
        opts.add("ytick={" + String.join(",", ticks) + "}");
        opts.add("yticklabels={" + String.join(",", labels) + "}");
        opts.add("ymajorgrids=false");
    }

    /** The plot's text and pointer annotations as nodes. */
    private static void annotations(StringBuilder sb, XYPlot plot) {
        for (Object o : plot.getAnnotations()) {
            if (o instanceof XYTextAnnotation t && !(o instanceof XYPointerAnnotation)) {
                sb.append("\\node[font=\\footnotesize, fill=white, fill opacity=0.8, text opacity=1] at (axis cs:")
                        .append(Format.tikz(t.getX())).append(',').append(Format.tikz(t.getY())).append(") {")
                        .append(tex(t.getText())).append("};\n");
            } else if (o instanceof XYPointerAnnotation p) {
                sb.append("\\node[font=\\footnotesize, pin={[pin distance=1.5em, font=\\footnotesize]45:")
                        .append(tex(p.getText())).append("}] at (axis cs:").append(Format.tikz(p.getX())).append(',')
                        .append(Format.tikz(p.getY())).append(") {};\n");
            } else if (o instanceof XYAnnotation) {
                // other annotations (shapes, images) have no data of their own
            }
        }
    }

    /** One series: bars as filled rectangles, anything else as an {@code \addplot} of its points in the shown range. */
    private static void series(StringBuilder sb, XYDataset ds, XYItemRenderer r, int s, Shown shown, Colors colors,
                               int[] budget, boolean legend) {
        String color = colors.name(r.getItemPaint(s, 0));
        String name = tex(String.valueOf(ds.getSeriesKey(s)));
        if (r instanceof XYBarRenderer && ds instanceof IntervalXYDataset iv) {
            bars(sb, iv, s, shown, color, name, budget, legend);
            return;
        }
        List<String> style = lineStyle(r, s, color, legend);
        StringBuilder pts = coordinates(ds, s, shown, budget);
        if (pts.isEmpty()) {
            return;
        }
        sb.append("\\addplot[").append(String.join(", ", style)).append("] coordinates {").append(pts).append("\n};\n");
        if (legend) {
            sb.append("\\addlegendentry{").append(name).append("}\n");
        }
    }

    /** A bar series: a filled rectangle per item in the shown range, and its legend entry if any was drawn. */
    private static void bars(StringBuilder sb, IntervalXYDataset iv, int s, Shown shown, String color, String name,
                             int[] budget, boolean legend) {
        int n = iv.getItemCount(s);
        int drawn = 0;
        for (int i = 0; i < n; i++) {
            double a = iv.getStartXValue(s, i);
            double b = iv.getEndXValue(s, i);
            double c = iv.getStartYValue(s, i);
            double e = iv.getEndYValue(s, i);
            if (!(Math.max(a, b) >= shown.x0() && Math.min(a, b) <= shown.x1() && Math.max(c, e) >= shown.y0()
                    && Math.min(c, e) <= shown.y1())) {
                continue;
            }
            if (--budget[0] < 0) {
                break;
            }
            sb.append("\\fill[").append(color).append("] (axis cs:").append(Format.tikz(a)).append(',').append(Format.tikz(c))
                    .append(") rectangle (axis cs:").append(Format.tikz(b)).append(',').append(Format.tikz(e)).append(");\n");
            drawn++;
        }
        if (legend && drawn > 0) {
            sb.append("\\addlegendimage{area legend, fill=").append(color).append(", draw=").append(color)
                    .append("}\n\\addlegendentry{").append(name).append("}\n");
        }
    }

    /** The {@code \addplot} options of a line or marker series: colour, steps, marks, legend and stroke. */
    private static List<String> lineStyle(XYItemRenderer r, int s, String color, boolean legend) {
        boolean lines = true;
        boolean shapes = false;
        if (r instanceof XYLineAndShapeRenderer l) {
            lines = l.getSeriesLinesVisible(s) != null ? l.getSeriesLinesVisible(s) : l.getDefaultLinesVisible();
            shapes = l.getSeriesShapesVisible(s) != null ? l.getSeriesShapesVisible(s) : l.getDefaultShapesVisible();
        }
        List<String> style = new ArrayList<>();
        style.add("color=" + color);
        if (r instanceof XYStepRenderer) {
            style.add("const plot");
        }
        if (!lines) {
            style.add("only marks");
        }
        if (shapes || !lines) {
            boolean filled = !(r instanceof XYLineAndShapeRenderer l) || l.getItemShapeFilled(s, 0);
            style.add("mark=" + mark(r.getItemShape(s, 0), filled) + ", mark size=1.5pt");
        } else {
            style.add("no marks");
        }
        if (!legend) {
            style.add("forget plot"); // legend entries go to plots in order: a plot without one is left out
        }
        Stroke st = r.getItemStroke(s, 0);
        if (lines && st instanceof BasicStroke b) {
            // the float's own decimal (1.6f is "1.6"), not its binary value widened to a double (1.600000023841858)
            double width = Double.parseDouble(Float.toString(b.getLineWidth()));
            style.add("line width=" + Format.tikz(Math.max(0.4, width * 0.5)) + "pt");
            if (b.getDashArray() != null) {
                style.add("dashed");
            }
        }
        return style;
    }

    /** The series' points in the shown range and one either side, four to a line; empty when none is kept. */
    private static StringBuilder coordinates(XYDataset ds, int s, Shown shown, int[] budget) {
        int n = ds.getItemCount(s);
        StringBuilder pts = new StringBuilder();
        int kept = 0;
        double prevX = Double.NaN;
        for (int i = 0; i < n; i++) {
            double x = ds.getXValue(s, i);
            double y = ds.getYValue(s, i);
            // keep one point either side of the shown range, so lines leave the plot at its edge
            boolean inside = x >= shown.x0() && x <= shown.x1();
            boolean edge = (i + 1 < n && ds.getXValue(s, i + 1) >= shown.x0() && x < shown.x0())
                    || (prevX <= shown.x1() && x > shown.x1());
            prevX = x;
            if (!inside && !edge) {
                continue;
            }
            if (--budget[0] < 0) {
                break;
            }
            pts.append(kept % 4 == 0 ? "\n  " : " ").append('(').append(Double.isNaN(y) ? "nan" : Format.tikz(x)).append(',')
                    .append(Double.isNaN(y) ? "nan" : Format.tikz(y)).append(')');
            kept++;
        }
        return pts;
    }

    private static void markers(StringBuilder sb, Collection<?> markers, boolean domain, Colors colors) {
        if (markers == null) {
            return;
        }
        for (Object o : markers) {
            if (!(o instanceof ValueMarker m)) {
                continue;
            }
            String color = colors.name(((Marker) m).getPaint());
            boolean dashed = m.getStroke() instanceof BasicStroke b && b.getDashArray() != null;
            String v = Format.tikz(m.getValue());
            sb.append("\\draw[").append(color).append(dashed ? ", dashed" : "").append("] ");
            if (domain) {
                sb.append("(axis cs:").append(v).append(",\\pgfkeysvalueof{/pgfplots/ymin}) -- (axis cs:").append(v)
                        .append(",\\pgfkeysvalueof{/pgfplots/ymax})");
            } else {
                sb.append("(axis cs:\\pgfkeysvalueof{/pgfplots/xmin},").append(v)
                        .append(") -- (axis cs:\\pgfkeysvalueof{/pgfplots/xmax},").append(v).append(")");
            }
            if (m.getLabel() != null && !m.getLabel().isBlank()) {
                sb.append(" node[pos=").append(domain ? "0.95, right" : "0.95, above left")
                        .append(", font=\\footnotesize] {").append(tex(m.getLabel())).append('}');
            }
            sb.append(";\n");
        }
    }

    /** The colours used, each defined once by its RGB. */
    private static final class Colors {
        private final Map<Integer, String> names = new LinkedHashMap<>();

        String name(Paint p) {
            Color c = p instanceof Color col ? col : Color.GRAY;
            int rgb = c.getRGB() & 0xFFFFFF;
            return names.computeIfAbsent(rgb, k -> "vmsched" + (char) ('A' + names.size() % 26)
                    + (names.size() >= 26 ? Integer.toString(names.size() / 26) : ""));
        }

        String definitions(CharSequence used) {
            StringBuilder sb = new StringBuilder();
            String text = used.toString();
            names.forEach((rgb, n) -> {
                if (text.contains(n + "]") || text.contains(n + ",") || text.contains(n + "}")) {
                    sb.append("\\definecolor{").append(n).append("}{RGB}{").append((rgb >> 16) & 255)
                    .append(',').append((rgb >> 8) & 255).append(',').append(rgb & 255).append("}\n");
                }
            });
            return sb.toString();
        }
    }

    private static String oneLine(String s) {
        return s.replaceAll("[\\r\\n]+", " ");
    }

    /** Text as LaTeX: its special characters escaped, the Unicode math the charts use as math, T_VM as T subscript VM. */
    static String tex(String s) {
        return Subscripts.tex(escaped(s));
    }

    private static String escaped(String s) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> sb.append("\\textbackslash{}");
                case '{', '}', '%', '$', '&', '#', '_' -> sb.append('\\').append(c);
                case '~' -> sb.append("\\textasciitilde{}");
                case '^' -> sb.append("\\textasciicircum{}");
                case '\n', '\r' -> sb.append(' ');
                case 'α' -> sb.append("\\ensuremath{\\alpha}");
                case 'β' -> sb.append("\\ensuremath{\\beta}");
                case 'Θ' -> sb.append("\\ensuremath{\\Theta}");
                case 'Δ' -> sb.append("\\ensuremath{\\Delta}");
                case 'Σ' -> sb.append("\\ensuremath{\\Sigma}");
                case 'τ' -> sb.append("\\ensuremath{\\tau}");
                case 'σ' -> sb.append("\\ensuremath{\\sigma}");
                case 'ρ' -> sb.append("\\ensuremath{\\rho}");
                case 'λ' -> sb.append("\\ensuremath{\\lambda}");
                case 'π' -> sb.append("\\ensuremath{\\pi}");
                case 'θ' -> sb.append("\\ensuremath{\\theta}");
                case 'δ' -> sb.append("\\ensuremath{\\delta}");
                case '−' -> sb.append("\\ensuremath{-}");
                case '≤' -> sb.append("\\ensuremath{\\le}");
                case '≥' -> sb.append("\\ensuremath{\\ge}");
                case '≈' -> sb.append("\\ensuremath{\\approx}");
                case '×' -> sb.append("\\ensuremath{\\times}");
                case '·' -> sb.append("\\ensuremath{\\cdot}");
                case '∞' -> sb.append("\\ensuremath{\\infty}");
                case '⌈' -> sb.append("\\ensuremath{\\lceil}");
                case '⌉' -> sb.append("\\ensuremath{\\rceil}");
                case '⌊' -> sb.append("\\ensuremath{\\lfloor}");
                case '⌋' -> sb.append("\\ensuremath{\\rfloor}");
                case '–' -> sb.append("--");
                case '—' -> sb.append("---");
                case '…' -> sb.append("\\ldots{}");
                case 'µ', 'μ' -> sb.append("\\ensuremath{\\mu}");
                case '<' -> sb.append("\\ensuremath{<}");
                case '>' -> sb.append("\\ensuremath{>}");
                case '|' -> sb.append("\\ensuremath{|}");
                default -> {
                    if (c < 128) {
                        sb.append(c);
                    } else {
                        sb.append('?');
                    }
                }
            }
        }
        return sb.toString();
    }

    /**
     * The pgfplots mark of a JFreeChart series shape, so an exported figure keeps what the shapes
     * mean (▲ release or "at least", ▼ deadline, □ inconclusive, ✕ miss): a rectangle is a square,
     * an ellipse a dot, a three-cornered shape a triangle pointing where its lone corner lies, a
     * cross (a stroked outline of many corners) an x; anything else a dot. Hollow shapes stay
     * hollow.
     */
    static String mark(Shape shape, boolean filled) {
        String star = filled ? "*" : "";
        if (shape instanceof Rectangle2D) {
            return "square" + star;
        }
        if (shape == null || shape instanceof Ellipse2D) {
            return filled ? "*" : "o";
        }
        List<double[]> corners = new ArrayList<>();
        double[] c = new double[6];
        for (PathIterator it = shape.getPathIterator(null); !it.isDone(); it.next()) {
            int type = it.currentSegment(c);
            if (type == PathIterator.SEG_MOVETO || type == PathIterator.SEG_LINETO) {
                corners.add(new double[] {c[0], c[1]});
            } else if (type != PathIterator.SEG_CLOSE) {
                return filled ? "*" : "o"; // curves: round
            }
        }
        if (corners.size() == 4 && corners.get(0)[0] == corners.get(3)[0] && corners.get(0)[1] == corners.get(3)[1]) {
            corners.remove(3); // a polygon closed by a line back to its start
        }
        if (corners.size() == 3) {
            // the lone corner: the one whose y no other corner has; above the others (smaller
            // y in Java2D) the triangle points up
            double mid = (corners.get(0)[1] + corners.get(1)[1] + corners.get(2)[1]) / 3;
            for (double[] k : corners) {
                long same = corners.stream().filter(o -> o[1] == k[1]).count();
                if (same == 1) {
                    return "triangle" + star + (k[1] < mid ? "" : ", mark options={rotate=180}");
                }
            }
            return "triangle" + star;
        }
        if (corners.size() > 8) {
            return "x";
        }
        return filled ? "*" : "o";
    }
}
