package org.vmsched.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.jfree.chart.JFreeChart;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.chart.ExportFonts;
import org.vmsched.chart.GanttChartFactory;
import org.vmsched.chart.GanttData;
import org.vmsched.chart.SimulationChartData;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.report.PrintedReport;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.Simulator;

/**
 * Text a user types (a scenario's name, description, VM and task names: any Unicode in its JSON)
 * reaches the PDF report even where the embedded DejaVu faces have no glyph for some of its
 * characters (CJK, emoji, U+2C6F): before, such a line was drawn as outlines of empty boxes, so
 * pdftotext dropped it, and a tab dropped its line with a logged stack trace. Now every line is
 * text, each missing character printed as U+FFFD, the report saying once which ones; the CSV and
 * JSON exports keep every character.
 */
class TypedGlyphsReportTest {

    static final String NAME = "控制 loop 😀";
    static final String DESCRIPTION = "Brake-by-wire: Ɐ-test\tand ✓ checks, 制动.";

    /** A scenario whose typed text has characters DejaVu lacks: 控 制 动 (CJK), 😀 (emoji, outside the BMP). */
    static Scenario typed() {
        return new Scenario(1, NAME, DESCRIPTION, null, List.of(VirtualMachine.of("制动VM", 10, 4, 0,
                List.of(Task.of("t😀", 2, 16), Task.of("Ɐx", 1, 24)))), null);
    }

    static JFreeChart gantt(Scenario s) {
        GanttData d = SimulationChartData.gantt(s, Simulator.run(s, SimulationOptions.from(s.simulation()), null), 50_000);
        return GanttChartFactory.create(d, 0, d.viewEnd());
    }

    static String pdfText(Path pdf) throws Exception {
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            return new PDFTextStripper().getText(doc);
        }
    }

    /** The text of the last page, as pdftotext extracts it. */
    static String lastPageText(Path pdf) throws Exception {
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            PDFTextStripper stripper = new PDFTextStripper();
            stripper.setStartPage(doc.getNumberOfPages());
            return stripper.getText(doc);
        }
    }

    @Test
    void everyLineOfTypedTextReachesThePdfWithMissingCharactersShownAsReplacementAndNamed(@TempDir Path tmp) throws Exception {
        Scenario s = typed();
        PrintedReport report = PrintedReport.of(s, s, SystemAnalysis.analyze(s), null, PrintedReport.Simulation.CURRENT);
        Path pdf = tmp.resolve("report.pdf");
        List<Integer> lacking = ReportPdf.write(pdf, report.title(), report.lines(), List.of(gantt(s)));
        assertEquals(List.of(0x63A7, 0x5236, 0x1F600, 0x52A8), lacking);
        String text = pdfText(pdf);
        assertTrue(text.contains("VMSched report: \uFFFD\uFFFD loop 😀"), text); // the sans faces have 😀, the monospace not
        assertTrue(text.contains("Scenario: \uFFFD\uFFFD loop \uFFFD"), text);
        assertTrue(text.contains("Brake-by-wire: Ɐ-test and ✓ checks, \uFFFD\uFFFD."), text); // U+2C6F is in DejaVu
        assertTrue(text.contains("\uFFFD\uFFFDVM: T_VM = 10"), text);
        assertTrue(text.contains("t\uFFFD"), text);
        assertTrue(text.contains("Ɐx"), text);
        assertTrue(text.contains(ReportPdf.notice(lacking)), text);
        assertTrue(ReportPdf.notice(lacking).contains("U+63A7, U+5236, U+1F600, U+52A8"), ReportPdf.notice(lacking));
        // the Gantt page's lanes are text too
        String gantt = lastPageText(pdf);
        assertTrue(gantt.contains("\uFFFD\uFFFDVM/t😀"), gantt);
    }

    // seen in the first such PDF: "t😀" is two UTF-16 units and printed one column, so its C = stood
    // one column left of the next task's, and its verdict one left of the others
    @Test
    void aNameOutsideTheBmpKeepsTheColumnsInLine(@TempDir Path tmp) throws Exception {
        Scenario s = typed();
        PrintedReport report = PrintedReport.of(s, s, SystemAnalysis.analyze(s), null, PrintedReport.Simulation.NONE);
        Path pdf = tmp.resolve("report.pdf");
        ReportPdf.write(pdf, report.title(), report.lines(), List.of());
        List<String> lines = pdfText(pdf).lines().toList();
        List<Integer> c = lines.stream().filter(l -> l.contains(" C = ")).map(l -> l.indexOf(" C = ")).toList();
        assertEquals(2, c.size(), lines.toString());
        assertEquals(c.get(0), c.get(1), lines.toString());
        List<Integer> verdicts = lines.stream().filter(l -> l.endsWith("schedulable") && l.startsWith("  "))
                .map(l -> l.indexOf("schedulable")).distinct().toList();
        assertEquals(1, verdicts.size(), lines.toString());
    }

    // seen on the first such report's Gantt page: the legend entry "制动VM" was laid out at the width
    // of the font's empty boxes and its printed "��VM" ran into the next entry
    @Test
    void aChartMeasuresTextAtTheWidthPrinted() {
        BufferedImage image = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            FontMetrics font = g.getFontMetrics(ExportFonts.Face.SANS.font().deriveFont(12f));
            FontMetrics printed = new PrintableFontMetrics(font);
            assertEquals(font.stringWidth("\uFFFD\uFFFDVM"), printed.stringWidth("制动VM"));
            assertTrue(font.stringWidth("\uFFFD\uFFFDVM") != font.stringWidth("制动VM"), "the boxes have another width");
            assertEquals(font.getStringBounds("\uFFFD\uFFFDVM", g).getWidth(), printed.getStringBounds("制动VM", g).getWidth(), 1e-9);
            assertEquals(font.stringWidth("VM1/t1 α ≤"), printed.stringWidth("VM1/t1 α ≤"));
        } finally {
            g.dispose();
        }
    }

    @Test
    void aReportWhoseTextTheFontsDrawHasNoNotice(@TempDir Path tmp) throws Exception {
        Path pdf = tmp.resolve("plain.pdf");
        List<Integer> lacking = ReportPdf.write(pdf, "VMSched report: Ɐ ≤ α", List.of("Scenario: plain"), List.of());
        assertEquals(List.of(), lacking);
        assertFalse(pdfText(pdf).contains("U+"), pdfText(pdf));
    }

    @Test
    void theCsvAndJsonExportsKeepEveryTypedCharacter(@TempDir Path tmp) throws Exception {
        Scenario s = typed();
        String csv = ResultTables.csv(s, SystemAnalysis.analyze(s), null);
        assertTrue(csv.contains("制动VM") && csv.contains("t😀") && csv.contains("Ɐx"), csv);
        Path json = tmp.resolve("typed.json");
        ScenarioJson.save(s, json);
        Scenario back = ScenarioJson.load(json);
        assertEquals(NAME, back.name());
        assertEquals(DESCRIPTION, back.description());
        assertEquals("制动VM", back.vms().get(0).name());
        assertEquals(List.of("t😀", "Ɐx"), back.vms().get(0).tasks().stream().map(Task::name).toList());
        assertTrue(Files.readString(json).contains("控制 loop 😀"), "the file holds the characters, not escapes");
    }
}
