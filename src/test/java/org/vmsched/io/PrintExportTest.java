package org.vmsched.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.graphics.PDXObject;
import org.apache.pdfbox.pdmodel.graphics.form.PDFormXObject;
import org.apache.pdfbox.text.PDFTextStripper;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.Layer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vmsched.analysis.GoodPeriods;
import org.vmsched.analysis.TmaxCurve;
import org.vmsched.chart.CdfChartFactory;
import org.vmsched.chart.CdfData;
import org.vmsched.chart.ExportOptions;
import org.vmsched.chart.GanttChartFactory;
import org.vmsched.chart.GanttData;
import org.vmsched.chart.GoodPeriodMapData;
import org.vmsched.chart.GoodPeriodMapFactory;
import org.vmsched.chart.ResponseRatioChartFactory;
import org.vmsched.chart.SimulatedTmaxPoint;
import org.vmsched.chart.SupplyDemandChartFactory;
import org.vmsched.chart.TmaxChartData;
import org.vmsched.chart.TmaxChartFactory;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.progress.Cancellation;

/**
 * Exports a journal accepts: PDFs whose every font is embedded and whose text reads back with
 * α, −, ≤ intact; the window's hints left out; the window's chart untouched by an export.
 * With {@code -Dexport.samples=DIR} the files are also left in DIR to look at.
 */
public class PrintExportTest {

    static final List<Task> THESIS = List.of(Task.of("t1", 2, 16), Task.of("t2", 1, 24), Task.of("t3", 4, 36));
    static final VirtualMachine VM1 = VirtualMachine.of("VM1", 10, 4, 0, THESIS);

    static GoodPeriodMapData map() {
        GoodPeriods gp = GoodPeriods.of(THESIS, GuestScheduler.RM);
        List<GoodPeriodMapData.Column> cols = new ArrayList<>();
        for (int i = 1; i < 100; i++) {
            cols.add(new GoodPeriodMapData.Column(i / 100.0, gp.intervals(i / 100.0, 0, gp.defaultMinPeriod())));
        }
        return new GoodPeriodMapData("VM1", cols, 0.01, 0.4, 10, 32);
    }

    static GanttData gantt() {
        return new GanttData(0, 40, List.of(
                new GanttData.Lane("core 0", GanttData.LaneKind.CORE,
                        List.of(new GanttData.Slice(0, 4, GanttData.SliceKind.VM, "VM1", false),
                                new GanttData.Slice(4, 4.5, GanttData.SliceKind.OVERHEAD, "VM2", false)), List.of()),
                new GanttData.Lane("VM1/t1", GanttData.LaneKind.TASK,
                        List.of(new GanttData.Slice(0, 2, GanttData.SliceKind.EXECUTION, "t1#1", false)),
                        List.of(new GanttData.Mark(0, GanttData.MarkKind.RELEASE, "t1 released at 0"),
                                new GanttData.Mark(16, GanttData.MarkKind.DEADLINE, "t1 deadline at 16")))));
    }

    /** Every chart of the window, as the window builds it (Gantt zoomed in, so it carries the drag hint). */
    static Map<String, JFreeChart> charts() {
        double[] alphas = {0.2, 0.4, 0.6, 0.8, 1.0};
        List<TmaxCurve.Point> curve = TmaxCurve.compute(THESIS, GuestScheduler.RM, alphas, 0, Double.NaN, false);
        Map<String, JFreeChart> m = new LinkedHashMap<>();
        m.put("tmax", TmaxChartFactory.create(new TmaxChartData("VM1", curve, List.of(new SimulatedTmaxPoint(0.4, 10)),
                0.4, 10, 16, false)));
        m.put("map", GoodPeriodMapFactory.create(map()));
        m.put("ratio", ResponseRatioChartFactory.create(ResponseRatioChartFactory.compute("VM1", THESIS, 0.4, 0, 10, 50, new Cancellation())));
        m.put("supply", SupplyDemandChartFactory.create(SupplyDemandChartFactory.compute(VM1, 2)));
        m.put("gantt", GanttChartFactory.create(gantt(), 0, 20));
        m.put("cdf", CdfChartFactory.create(new CdfData(List.of(
                new CdfData.TaskSamples("VM1/t1", new double[] {4, 6, 14}, 14.0),
                new CdfData.TaskSamples("VM1/t2", new double[] {5, 9, 15}, 15.0),
                new CdfData.TaskSamples("VM1/t3", new double[] {20, 30, 36}, 36.0)))));
        return m;
    }

    static Path out(Path tmp) throws IOException {
        String samples = System.getProperty("export.samples");
        if (samples == null || samples.isBlank()) {
            return tmp;
        }
        return Files.createDirectories(Path.of(samples));
    }

    /** Every font used on any page or in any form drawn on it. */
    static List<PDFont> fonts(PDDocument doc) throws IOException {
        List<PDFont> out = new ArrayList<>();
        for (PDPage p : doc.getPages()) {
            collect(p.getResources(), out, 0);
        }
        return out;
    }

    private static void collect(PDResources r, List<PDFont> out, int depth) throws IOException {
        if (r == null || depth > 8) {
            return;
        }
        for (COSName n : r.getFontNames()) {
            out.add(r.getFont(n));
        }
        for (COSName n : r.getXObjectNames()) {
            PDXObject x = r.getXObject(n);
            if (x instanceof PDFormXObject f) {
                collect(f.getResources(), out, depth + 1);
            }
        }
    }

    public static void assertEmbedded(PDDocument doc) throws IOException {
        List<PDFont> fonts = fonts(doc);
        assertFalse(fonts.isEmpty(), "the text is text, not outlines");
        for (PDFont f : fonts) {
            assertTrue(f.isEmbedded(), f.getName() + " not embedded");
            assertTrue(f.getName().contains("DejaVu"), f.getName());
            assertTrue(f.getName().matches("[A-Z]{6}\\+.*"), "a subset: " + f.getName());
        }
    }

    @Test
    void everyChartPdfEmbedsItsFontsAndKeepsGreekLettersAndLeavesOutTheWindowsHints(@TempDir Path tmp) throws Exception {
        Path dir = out(tmp);
        for (Map.Entry<String, JFreeChart> e : charts().entrySet()) {
            Path pdf = dir.resolve(e.getKey() + ".pdf");
            ChartExport.write(e.getValue(), pdf, ExportOptions.defaults());
            ChartExport.write(e.getValue(), dir.resolve(e.getKey() + ".png"), ExportOptions.defaults());
            ChartExport.write(e.getValue(), dir.resolve(e.getKey() + ".svg"), ExportOptions.defaults());
            try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
                assertEquals(1, doc.getNumberOfPages());
                assertEquals(600, doc.getPage(0).getMediaBox().getWidth(), 0.01);
                assertEmbedded(doc);
                String text = new PDFTextStripper().getText(doc);
                assertFalse(text.contains("?"), e.getKey() + ": a glyph was lost: " + text);
                assertFalse(text.toLowerCase().contains("click"), e.getKey() + ": " + text);
                assertFalse(text.toLowerCase().contains("drag"), e.getKey() + ": " + text);
                if (!e.getKey().equals("gantt") && !e.getKey().equals("cdf") && !e.getKey().equals("supply")) {
                    assertTrue(text.contains("α"), e.getKey() + ": " + text);
                }
            }
        }
    }

    @Test
    void theGanttSubtitleKeepsTheWindowShownButNotTheHint(@TempDir Path tmp) throws Exception {
        Path pdf = tmp.resolve("gantt.pdf");
        ChartExport.write(charts().get("gantt"), pdf, ExportOptions.defaults());
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            String text = new PDFTextStripper().getText(doc);
            assertTrue(text.contains("view 0–20 of 40"), text);
        }
    }

    @Test
    void anExportLeavesTheWindowsChartAsItWas(@TempDir Path tmp) throws Exception {
        JFreeChart map = charts().get("map");
        String title = map.getTitle().getText();
        float titleSize = map.getTitle().getFont().getSize2D();
        JFreeChart cdf = charts().get("cdf");
        XYPlot plot = (XYPlot) cdf.getPlot();
        java.awt.Font markerFont = ((org.jfree.chart.plot.Marker) plot.getDomainMarkers(Layer.FOREGROUND).iterator().next())
                .getLabelFont();
        ChartExport.write(map, tmp.resolve("m.pdf"), new ExportOptions(600, 400, 30));
        ChartExport.write(cdf, tmp.resolve("c.pdf"), new ExportOptions(600, 400, 30));
        assertEquals(title, map.getTitle().getText());
        assertTrue(java.util.stream.IntStream.range(0, map.getSubtitleCount()).mapToObj(map::getSubtitle)
                .anyMatch(t -> t instanceof org.jfree.chart.title.TextTitle tt && tt.getText().contains("click")),
                "the window keeps its hint");
        assertEquals(titleSize, map.getTitle().getFont().getSize2D());
        assertEquals(markerFont, ((org.jfree.chart.plot.Marker) plot.getDomainMarkers(Layer.FOREGROUND).iterator().next())
                .getLabelFont());
        assertEquals(3, plot.getDomainMarkers(Layer.FOREGROUND).size());
    }

    @Test
    void theExportFontSizeIsTheTickTextSize(@TempDir Path tmp) throws Exception {
        JFreeChart styled = org.vmsched.chart.ExportStyle.forExport(charts().get("map"), new ExportOptions(600, 400, 20));
        XYPlot p = (XYPlot) styled.getPlot();
        assertEquals(20, p.getDomainAxis().getTickLabelFont().getSize2D(), 0.01);
        assertTrue(p.getDomainAxis().getLabelFont().getSize2D() > 20);
        assertEquals("DejaVu Sans", p.getDomainAxis().getTickLabelFont().getFamily());
        assertEquals("Good periods of VM1", styled.getTitle().getText());
    }

    @Test
    void theReportEmbedsItsFontsAndKeepsTheSymbolsOfItsText(@TempDir Path tmp) throws Exception {
        Path pdf = out(tmp).resolve("report.pdf");
        List<String> lines = List.of("VM1: α = 0.4, T_VM = 10, C_VM = 4",
                "  upper bound 1/(2(1 − α)) ≤ ⌈t/T⌉", "x".repeat(300));
        ReportPdf.write(pdf, "VMSched report: thesis example", lines, new ArrayList<>(charts().values()));
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            assertEquals(1 + 6, doc.getNumberOfPages());
            assertEmbedded(doc);
            String text = new PDFTextStripper().getText(doc);
            assertTrue(text.contains("α = 0.4"), text);
            assertTrue(text.contains("1/(2(1 − α)) ≤ ⌈t/T⌉"), text);
            assertTrue(text.contains("thesis example"));
            assertEquals("VMSched report: thesis example", doc.getDocumentInformation().getTitle());
        }
    }

    @Test
    void exportOptionsNameTheFieldThatIsWrong() {
        assertTrue(ExportOptions.problems(50, 400, 10).get(0).startsWith("width must be between 100 and 20000, got 50"));
        assertTrue(ExportOptions.problems(600, 400, 0).get(0).startsWith("font size must be between 4 and 200, got 0"));
        assertTrue(ExportOptions.problems(600, 200, 40).get(0).contains("leaves no room"));
        assertTrue(ExportOptions.problems(600, 400, 17).isEmpty());
        // the default is readable at one column's width: 7 pt or more when 600 pt are printed as 252 pt
        assertTrue(ExportOptions.defaults().printedFontPt(ExportOptions.COLUMN_PT) >= 7);
    }
}
