package org.vmsched.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.entity.XYItemEntity;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.jfree.svg.SVGGraphics2D;
import org.vmsched.chart.ExportOptions;
import org.vmsched.chart.ExportStyle;
import org.vmsched.chart.GanttChartFactory;
import org.vmsched.chart.GanttData;
import org.vmsched.chart.SimulationChartData;
import org.vmsched.model.Scenario;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.Simulator;

/**
 * File &gt; Export Chart &gt; Gantt… of a global run with ten lanes (3 VMs of 3, 2 and 1 vCPUs on 4
 * cores): the SVG and the PDF name every lane (at 600 × 400, 17 pt a user trial's files read
 * "core 1, core 3, web/b, db/q1, ctl/k"), at the chosen font size, and the release, deadline and
 * migration marks stay inside their lanes.
 */
class GanttExportLabelsTest {

    static final List<String> LANES = List.of("ctl/k", "db/q2", "db/q1", "web/c", "web/b", "web/a",
            "core 3", "core 2", "core 1", "core 0");

    static JFreeChart tenLanes() throws Exception {
        Scenario s = ScenarioJson.load("s2.json",
                new ByteArrayInputStream(org.vmsched.TestScenarios.GLOBAL_THREE_VMS.getBytes(StandardCharsets.UTF_8)));
        GanttData d = SimulationChartData.gantt(s, Simulator.run(s, SimulationOptions.from(s.simulation()), null), 50_000);
        return GanttChartFactory.create(d, 0, d.viewEnd());
    }

    /** The lane names among {@code texts}, in order. */
    static List<String> lanes(List<String> texts) {
        List<String> out = new ArrayList<>();
        for (String t : texts) {
            if (LANES.contains(t.strip())) {
                out.add(t.strip());
            }
        }
        return out;
    }

    // the dialog's default (600 × 400, 17 pt), a column-width figure, a small one, a large one,
    // and the default size at a larger font
    @ParameterizedTest
    @CsvSource({"600, 400, 17", "252, 180, 7", "400, 300, 12", "1200, 800, 34", "600, 400, 24"})
    void svgAndPdfNameEveryLaneAtTheChosenFontSize(int w, int h, float pt, @TempDir Path tmp) throws Exception {
        ExportOptions o = new ExportOptions(w, h, pt);
        Path svg = tmp.resolve("gantt.svg");
        ChartExport.write(tenLanes(), svg, o);
        String doc = Files.readString(svg);
        List<String> texts = new ArrayList<>();
        Matcher m = Pattern.compile("<text([^>]*)>([^<]*)</text>").matcher(doc);
        List<String> laneFonts = new ArrayList<>();
        while (m.find()) {
            texts.add(m.group(2));
            if (LANES.contains(m.group(2))) {
                Matcher size = Pattern.compile("font-size:\\s*([0-9.]+)").matcher(m.group(1));
                laneFonts.add(size.find() ? size.group(1) : m.group(1));
            }
        }
        assertEquals(LANES, lanes(texts), "SVG at " + o);
        for (String f : laneFonts) {
            assertEquals(pt, Float.parseFloat(f), 0.01f, "a lane label's font size in the SVG at " + o);
        }
        Path pdf = tmp.resolve("gantt.pdf");
        ChartExport.write(tenLanes(), pdf, o);
        try (PDDocument doc2 = Loader.loadPDF(pdf.toFile())) {
            String text = new PDFTextStripper().getText(doc2);
            assertEquals(LANES, lanes(List.of(text.split("\\R"))), "PDF at " + o + ":\n" + text);
        }
    }

    /** The width and height an SVG document's root element states. */
    static java.awt.Dimension svgSize(String doc) {
        Matcher m = Pattern.compile("<svg[^>]*?width=['\"]([0-9.]+)['\"][^>]*?height=['\"]([0-9.]+)['\"]").matcher(doc);
        assertTrue(m.find(), "an svg element with a width and a height");
        return new java.awt.Dimension((int) Double.parseDouble(m.group(1)), (int) Double.parseDouble(m.group(2)));
    }

    @ParameterizedTest
    @CsvSource({"600, 400, 17", "252, 180, 7", "400, 300, 12", "1200, 800, 34"})
    void marksStayInsideTheirLanes(int w, int h, float pt, @TempDir Path tmp) throws Exception {
        ExportOptions o = new ExportOptions(w, h, pt);
        Path svg = tmp.resolve("gantt.svg");
        ChartExport.write(tenLanes(), svg, o);
        // drawn again at the size the export wrote, to read the marks' places back
        java.awt.Dimension size = svgSize(Files.readString(svg));
        JFreeChart c = ExportStyle.forExport(tenLanes(), o);
        ChartRenderingInfo info = new ChartRenderingInfo();
        c.draw(new SVGGraphics2D(size.width, size.height), new java.awt.geom.Rectangle2D.Double(0, 0, size.width, size.height), info);
        XYPlot plot = c.getXYPlot();
        ValueAxis lanes = plot.getRangeAxis();
        java.awt.geom.Rectangle2D area = info.getPlotInfo().getDataArea();
        double lanePx = area.getHeight() / lanes.getRange().getLength();
        int checked = 0;
        for (Object o2 : info.getEntityCollection().getEntities()) {
            if (o2 instanceof XYItemEntity e && e.getDataset() == plot.getDataset(1)) {
                double y = e.getDataset().getYValue(e.getSeriesIndex(), e.getItem());
                double centre = lanes.valueToJava2D(Math.round(y), area, plot.getRangeAxisEdge());
                java.awt.geom.Rectangle2D b = e.getArea().getBounds2D();
                assertTrue(b.getMinY() >= centre - lanePx / 2 - 0.5 && b.getMaxY() <= centre + lanePx / 2 + 0.5,
                        "a " + plot.getDataset(1).getSeriesKey(e.getSeriesIndex()) + " mark spans " + b.getMinY() + "–"
                                + b.getMaxY() + " px on a lane " + (centre - lanePx / 2) + "–" + (centre + lanePx / 2)
                                + " at " + o + " drawn " + size);
                checked++;
            }
        }
        assertTrue(checked > 0, "marks drawn");
    }
}
