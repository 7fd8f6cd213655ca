package org.vmsched.io;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vmsched.chart.ChartTikz;
import org.vmsched.chart.ExportOptions;

/**
 * Issue 19: exported axis labels printed a literal "T_VM". PDF, SVG and PNG draw T with a
 * subscript VM (as text, in the export font), TikZ writes {@code T_{\mathrm{VM}}}.
 */
class SubscriptLabelTest {

    @TempDir
    Path tmp;

    @Test
    void theSvgAndPdfAxisLabelsDrawTAndASmallerVmWithoutTheUnderscore() throws Exception {
        for (String k : new String[] {"map", "ratio", "tmax"}) {
            Path svg = tmp.resolve(k + ".svg");
            ChartExport.write(PrintExportTest.charts().get(k), svg, ExportOptions.defaults());
            String text = Files.readString(svg, StandardCharsets.UTF_8);
            // marker labels and legend items are plain strings and may keep "T_VM"; the axis label may not
            assertFalse(text.contains("VM period T_VM") || text.contains("α = C_VM / T_VM"), k + ": a literal T_VM axis label");
            assertTrue(text.contains(">VM</text>"), k + ": no subscript run VM in the SVG");
            Path pdf = tmp.resolve(k + ".pdf");
            ChartExport.write(PrintExportTest.charts().get(k), pdf, ExportOptions.defaults());
            try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
                String t = new PDFTextStripper().getText(doc);
                assertFalse(t.contains("period T_VM") || t.contains("C_VM / T_VM"), k + ": " + t);
            }
        }
    }

    @Test
    void tikzWritesTSubscriptMathrmVm() {
        String map = ChartTikz.toTikz(PrintExportTest.charts().get("map"));
        assertTrue(map.contains("ylabel={VM period \\ensuremath{T_{\\mathrm{VM}}}}"), map.substring(0, 800));
        assertFalse(map.contains("T\\_VM"), "a literal T_VM in the TikZ");
    }

    /**
     * The run after a subscript starts where the subscript's glyphs end, at their fractional
     * advance: on the window's canvas (FXGraphics2D, whose font metrics come from an image in whole
     * pixels) the label was laid out at whole-pixel widths and drawn at fractional ones, which left
     * a wide gap after the small "VM" ("C_VM  / T_VM", seen at 1024x768).
     */
    @Test
    void onTheWindowsCanvasTheRunAfterASubscriptStartsAtItsFractionalEnd() {
        java.util.List<Object[]> drawn = new java.util.ArrayList<>();
        javafx.scene.canvas.Canvas canvas = new javafx.scene.canvas.Canvas(600, 400);
        org.jfree.fx.FXGraphics2D g2 = new org.jfree.fx.FXGraphics2D(canvas.getGraphicsContext2D()) {
            @Override
            public void drawString(String str, float x, float y) {
                drawn.add(new Object[] {str, x, getFont()});
                super.drawString(str, x, y);
            }
        };
        org.jfree.chart.JFreeChart chart = PrintExportTest.charts().get("tmax");
        chart.draw(g2, new java.awt.Rectangle(0, 0, 600, 400));
        java.awt.font.FontRenderContext frc = new java.awt.font.FontRenderContext(null, true, true);
        int checked = 0;
        for (int k = 0; k + 1 < drawn.size(); k++) {
            if ("VM".equals(drawn.get(k)[0]) && " / T".equals(drawn.get(k + 1)[0])) {
                double advance = ((java.awt.Font) drawn.get(k)[2]).getStringBounds("VM", frc).getWidth();
                double gap = (float) drawn.get(k + 1)[1] - (float) drawn.get(k)[1];
                org.junit.jupiter.api.Assertions.assertEquals(advance, gap, 0.01, "the advance after the subscript VM");
                checked++;
            }
        }
        assertTrue(checked > 0, "no 'VM' run followed by ' / T' drawn");
    }
}
