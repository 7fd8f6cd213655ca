package org.vmsched.io;

import java.awt.Dimension;
import java.awt.Rectangle;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.svg.SVGGraphics2D;
import org.vmsched.chart.ChartTikz;
import org.vmsched.chart.ExportOptions;
import org.vmsched.chart.ExportStyle;

/**
 * Writes JFreeChart charts as PNG, SVG or PDF, headless (no display needed). PDF embeds subsets
 * of the bundled DejaVu fonts, so every glyph prints and the file passes a journal's font check.
 * The {@link ExportOptions} methods first restyle a copy of the chart for print
 * ({@link ExportStyle}); the size-only methods draw the chart as it is. Every write goes to a
 * temporary file beside the target and is then moved over it, so a failure never leaves a
 * half-written file. Stateless; a chart must not be changed while it is being written.
 */
public final class ChartExport {

    /** The export formats, by file extension. */
    public enum Format {
        PNG, SVG, PDF,
        /** pgfplots/TikZ source for LaTeX ({@link org.vmsched.chart.ChartTikz}). */
        TEX;

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
        ImageIO.setUseCache(false);
    }

    private ChartExport() {
    }

    /**
     * Writes a print-styled copy of the chart in the format of the file's extension (.png, .svg,
     * .pdf, .tex); returns the size written, taller than asked for a Gantt chart whose lanes need it
     * ({@link ExportStyle#height}).
     */
    public static Dimension write(JFreeChart chart, Path file, ExportOptions options) throws IOException {
        return write(chart, file, format(file), options);
    }

    /** Writes a print-styled copy of the chart in the given format; returns the size written (see above). */
    public static Dimension write(JFreeChart chart, Path file, Format format, ExportOptions options) throws IOException {
        JFreeChart styled = ExportStyle.forExport(chart, options);
        Dimension size = new Dimension(options.width(), ExportStyle.height(styled, options));
        write(styled, file, format, size.width, size.height);
        return size;
    }

    /** Writes the chart as it is in the format of the file's extension (.png, .svg, .pdf). */
    public static void write(JFreeChart chart, Path file, int width, int height) throws IOException {
        write(chart, file, format(file), width, height);
    }

    private static Format format(Path file) throws IOException {
        Format f = Format.ofFile(file);
        if (f == null) {
            throw new IOException(file + ": unknown chart format (use .png, .svg, .pdf or .tex)");
        }
        return f;
    }

    /** Writes the chart as it is in the given format, {@code width} × {@code height} pixels (points for PDF and SVG). */
    public static void write(JFreeChart chart, Path file, Format format, int width, int height) throws IOException {
        if (width < 10 || height < 10 || width > 20000 || height > 20000) {
            throw new IOException("chart size must be between 10 and 20000 pixels, got " + width + "x" + height);
        }
        switch (format) {
            case PNG -> AtomicFiles.write(file, tmp -> ChartUtils.saveChartAsPNG(tmp.toFile(), chart, width, height));
            case SVG -> AtomicFiles.write(file, tmp -> {
                SVGGraphics2D g2 = new SVGGraphics2D(width, height);
                chart.draw(g2, new Rectangle(0, 0, width, height));
                Files.writeString(tmp, g2.getSVGDocument(), StandardCharsets.UTF_8);
            });
            case PDF -> writePdf(List.of(chart), file, width, height);
            case TEX -> AtomicFiles.write(file, tmp -> Files.writeString(tmp, ChartTikz.toTikz(chart),
                    StandardCharsets.UTF_8));
            default -> throw new IllegalArgumentException(format.toString());
        }
    }

    /** Several charts as they are, one per page, in one PDF file. */
    public static void writePdf(List<JFreeChart> charts, Path file, int width, int height) throws IOException {
        try (PdfPages pdf = new PdfPages(charts.size() == 1 && charts.get(0).getTitle() != null
                ? charts.get(0).getTitle().getText() : null)) {
            for (JFreeChart chart : charts) {
                pdf.page(width, height, g2 -> chart.draw(g2, new Rectangle(0, 0, width, height)));
            }
            pdf.save(file);
        }
    }
}
