package org.vmsched.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jfree.chart.JFreeChart;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.vmsched.analysis.TmaxCurve;
import org.vmsched.io.ChartExport;
import org.vmsched.model.GuestScheduler;
import org.vmsched.progress.Cancellation;

/**
 * A dashed series (the Tmax chart's upper bound, the max Ri/Ti chart's lower-bound line, the
 * periodic server's supply in the hierarchy chart) is one stroke along its whole length, so its
 * dash pattern runs on from point to point. Drawn a segment at a time, each of the 98 segments
 * of the window's Tmax curve (100 α steps, about 7 px each) restarted the pattern with a 7 px
 * dash: the line printed solid in PNG and PDF, and in black and white it could not be told from
 * the Tmax curve (issue 30, item 9). Read back from the SVG export, where each stroke is an element.
 */
class DashedSeriesTest {

    static Stream<Arguments> dashedSeries() {
        double[] alphas = new double[99];
        for (int i = 1; i < 100; i++) {
            alphas[i - 1] = i / 100.0;
        }
        List<TmaxCurve.Point> curve = TmaxCurve.compute(ChartFactoriesTest.THESIS, GuestScheduler.RM, alphas, 0,
                Double.NaN, false);
        return Stream.of(
                Arguments.of("Tmax upper bound",
                        TmaxChartFactory.create(new TmaxChartData("VM1", curve, List.of(), 0.4, 10, 16, false)), ChartStyle.BOUND),
                Arguments.of("max Ri/Ti lower-bound line", ResponseRatioChartFactory.create(ResponseRatioChartFactory.compute(
                        "VM1", ChartFactoriesTest.THESIS, 0.4, 0, 10, 300, new Cancellation())), ChartStyle.BOUND),
                Arguments.of("hierarchy supply", HierarchyCharts.twoVmSupply(), (Color) ChartStyle.series(1)));
    }

    /**
     * Every stroke drawn dashed in {@code colour}, as the path it follows: a {@code <line>} (how
     * JFreeSVG writes a segment) as "M x1,y1 L x2,y2", a {@code <path>} (alone or in a styled group) as its data.
     */
    static List<String> dashedStrokes(String svg, Color colour) {
        String rgb = "stroke:rgb(" + colour.getRed() + "," + colour.getGreen() + "," + colour.getBlue() + ")";
        List<String> out = new ArrayList<>();
        Matcher e = Pattern.compile("<g style='([^']*)'[^>]*>(.*?)</g>|<(line|path)([^>]*)>").matcher(svg);
        while (e.find()) {
            String style = e.group(1) != null ? e.group(1) : attribute(e.group(4), "style");
            if (style == null || !style.contains(rgb) || !style.contains("stroke-dasharray")) {
                continue;
            }
            if (e.group(1) != null) {
                Matcher d = Pattern.compile("<path d='([^']*)'").matcher(e.group(2));
                while (d.find()) {
                    out.add(d.group(1));
                }
            } else if (e.group(3).equals("line")) {
                out.add("M" + attribute(e.group(4), "x1") + "," + attribute(e.group(4), "y1") + "L"
                        + attribute(e.group(4), "x2") + "," + attribute(e.group(4), "y2"));
            } else {
                out.add(attribute(e.group(4), "d"));
            }
        }
        return out;
    }

    private static String attribute(String attributes, String name) {
        Matcher m = Pattern.compile("\\b" + name + "='([^']*)'").matcher(attributes);
        return m.find() ? m.group(1) : null;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dashedSeries")
    void aDashedSeriesIsOneStrokeInTheExport(String name, JFreeChart chart, Color colour, @TempDir Path dir) throws Exception {
        chart.getLegend().setVisible(false); // its sample line is a stroke of its own
        Path svg = dir.resolve("chart.svg");
        ChartExport.write(chart, svg, new ExportOptions(800, 500, 10));
        List<String> strokes = dashedStrokes(Files.readString(svg, StandardCharsets.UTF_8), colour);
        assertEquals(1, strokes.size(), name + ": drawn as " + strokes.size() + " dashed strokes");
        long segments = strokes.get(0).chars().filter(c -> c == 'L').count();
        assertTrue(segments > 20, name + ": the one stroke has " + segments + " segments");
    }
}
