package org.vmsched.io;

import com.orsonpdf.PDFDocument;
import com.orsonpdf.PDFGraphics2D;
import com.orsonpdf.Page;
import java.awt.Rectangle;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.svg.SVGGraphics2D;

/**
 * Writes JFreeChart charts as PNG, SVG or PDF, headless (no display needed). Every write goes
 * to a temporary file beside the target and is then moved over it, so a failure never leaves a
 * half-written file. Stateless; a chart must not be changed while it is being written.
 */
public final class ChartExport {

    /** The export formats, by file extension. */
    public enum Format {
        PNG, SVG, PDF;

        /** The format named by a file's extension, or null. */
        public static Format ofFile(Path file) {
            String n = file.getFileName().toString().toLowerCase(Locale.ROOT);
            for (Format f : values()) {
                if (n.endsWith("." + f.name().toLowerCase(Locale.ROOT))) {
                    return f;
                }
            }
            return null;
        }
    }

    static {
        // PNG encoding through ImageIO may cache in files under java.io.tmpdir; on a full disk its
        // cache thread failed after our own clean message. Memory is enough for a chart.
        javax.imageio.ImageIO.setUseCache(false);
    }

    private ChartExport() {
    }

    /** Writes the chart in the format of the file's extension (.png, .svg, .pdf). */
    public static void write(JFreeChart chart, Path file, int width, int height) throws IOException {
        Format f = Format.ofFile(file);
        if (f == null) {
            throw new IOException(file + ": unknown chart format (use .png, .svg or .pdf)");
        }
        write(chart, file, f, width, height);
    }

    /** Writes the chart in the given format, {@code width} × {@code height} pixels (points for PDF). */
    public static void write(JFreeChart chart, Path file, Format format, int width, int height) throws IOException {
        if (width < 10 || height < 10 || width > 20000 || height > 20000) {
            throw new IOException("chart size must be between 10 and 20000 pixels, got " + width + "x" + height);
        }
        AtomicFiles.write(file, tmp -> {
            switch (format) {
                case PNG -> ChartUtils.saveChartAsPNG(tmp.toFile(), chart, width, height);
                case SVG -> {
                    SVGGraphics2D g2 = new SVGGraphics2D(width, height);
                    chart.draw(g2, new Rectangle(0, 0, width, height));
                    Files.writeString(tmp, g2.getSVGDocument(), StandardCharsets.UTF_8);
                }
                case PDF -> writePdf(List.of(chart), tmp, width, height);
                default -> throw new IllegalArgumentException(format.toString());
            }
        });
    }

    /** Several charts, one per page, in one PDF file. */
    public static void writePdf(List<JFreeChart> charts, Path file, int width, int height) throws IOException {
        PDFDocument doc = new PDFDocument();
        for (JFreeChart chart : charts) {
            Page page = doc.createPage(new Rectangle(width, height));
            PDFGraphics2D g2 = page.getGraphics2D();
            chart.draw(g2, new Rectangle(0, 0, width, height));
        }
        AtomicFiles.write(file, tmp -> Files.write(tmp, doc.getPDFBytes()));
    }
}
