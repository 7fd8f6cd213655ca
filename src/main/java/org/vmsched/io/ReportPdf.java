package org.vmsched.io;

import java.awt.Color;
import java.awt.Font;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.StringJoiner;
import org.jfree.chart.JFreeChart;
import org.vmsched.chart.ExportFonts;
import org.vmsched.chart.ExportOptions;
import org.vmsched.chart.ExportStyle;
import org.vmsched.text.Format;

/**
 * A multi-page PDF report: pages of monospaced text (the scenario, the verdict tables) followed
 * by one chart per landscape A4 page, every text in embedded subsets of the bundled DejaVu fonts
 * (α, −, ≤ print as such; a character they lack, typed in a name, prints as U+FFFD and the
 * text's first line names it), written atomically. The charts are restyled for print
 * ({@link ExportStyle}) on copies. Stateless; charts must not change while written.
 */
public final class ReportPdf {

    private static final int WIDTH = 842;
    private static final int HEIGHT = 595;
    private static final int MARGIN = 40;
    private static final float TEXT_PT = 9.5f;
    private static final int LINE = 13;
    /** The charts' tick text on a page read at its printed size. */
    private static final float CHART_FONT_PT = 11;

    private ReportPdf() {
    }

    /**
     * Writes {@code title}, then {@code textLines} (paginated), then each chart on its own landscape
     * A4 page; returns the characters of the title and the text that the fonts lack, printed as
     * U+FFFD, in order of first appearance (empty when every character prints).
     */
    public static List<Integer> write(Path file, String title, List<String> textLines, List<JFreeChart> charts)
            throws IOException {
        return write(file, title, textLines, charts, null);
    }

    /**
     * As {@link #write(Path, String, List, List)}; with an {@code identity} (not null) the document's
     * identifier is derived from it, so the same identity and content give the same bytes. The text
     * starts with the {@link #notice} of the characters printed as U+FFFD, if any; the document's
     * title (its properties) keeps every character.
     */
    public static List<Integer> write(Path file, String title, List<String> textLines, List<JFreeChart> charts,
            String identity) throws IOException {
        Font heading = ExportFonts.Face.SANS_BOLD.font().deriveFont(16f);
        Font mono = ExportFonts.Face.MONO.font().deriveFont(TEXT_PT);
        int chars = (int) ((WIDTH - 2 * MARGIN) / (TEXT_PT * 0.602)); // DejaVu Sans Mono advance: 0.602 em
        Set<Integer> missing = new LinkedHashSet<>();
        String printedTitle = PrintableText.of(title, ExportFonts.Face.SANS_BOLD, missing);
        List<String> text = new ArrayList<>();
        for (String l : textLines) {
            text.add(PrintableText.of(l, ExportFonts.Face.MONO, missing));
        }
        List<Integer> lacking = List.copyOf(missing);
        if (!lacking.isEmpty()) {
            text.addAll(0, List.of(notice(lacking), ""));
        }
        List<String> lines = new ArrayList<>();
        for (String l : text) {
            wrap(l, chars, lines);
        }
        int perPage = (HEIGHT - 2 * MARGIN - 30) / LINE;
        ExportOptions chartOptions = new ExportOptions(WIDTH - 2 * MARGIN, HEIGHT - 2 * MARGIN, CHART_FONT_PT);
        try (PdfPages pdf = new PdfPages(title)) {
            if (identity != null) {
                pdf.identity(identity);
            }
            int i = 0;
            boolean first = true;
            while (first || i < lines.size()) {
                int from = i;
                int to = Math.min(lines.size(), i + (first ? perPage : perPage + 2));
                boolean withTitle = first;
                pdf.page(WIDTH, HEIGHT, g2 -> {
                    g2.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
                    g2.setColor(Color.BLACK);
                    int y = MARGIN + 12;
                    if (withTitle) {
                        g2.setFont(heading);
                        g2.drawString(printedTitle, MARGIN, y);
                        y += 30;
                    }
                    g2.setFont(mono);
                    for (int n = from; n < to; n++) {
                        if (!lines.get(n).isEmpty()) {
                            g2.drawString(lines.get(n), MARGIN, y);
                        }
                        y += LINE;
                    }
                });
                i = to;
                first = false;
            }
            for (JFreeChart chart : charts) {
                JFreeChart printed = ExportStyle.forExport(chart, chartOptions);
                pdf.page(WIDTH, HEIGHT, g2 -> printed.draw(g2,
                        new Rectangle(MARGIN, MARGIN, chartOptions.width(), chartOptions.height())));
            }
            pdf.save(file);
        }
        return lacking;
    }

    /**
     * Says that the {@code lacking} characters (code points, at least one) print as U+FFFD, naming
     * them by code point (the report's fonts cannot show them), the first twelve.
     */
    public static String notice(List<Integer> lacking) {
        StringJoiner codes = new StringJoiner(", ");
        lacking.stream().limit(12).forEach(c -> codes.add(String.format(Locale.ROOT, "U+%04X", c)));
        String more = lacking.size() > 12 ? " and " + (lacking.size() - 12) + " more" : "";
        return Format.count(lacking.size(), "character is", "characters are") + " not in the report's fonts and print"
                + (lacking.size() == 1 ? "s" : "") + " as " + PrintableText.REPLACEMENT + ": " + codes + more + ".";
    }

    /**
     * Breaks a line longer than {@code chars} at spaces (hard where there is none), indenting the rest
     * four columns past the line's own indent (a VM's note, indented under its name, continues under
     * itself, not under the verdict rows' kinds), at most a third of the width.
     */
    static void wrap(String line, int chars, List<String> out) {
        String rest = line;
        String indent = "";
        String more = " ".repeat(Math.min(chars / 3, line.length() - line.stripLeading().length() + 4));
        while (rest.length() + indent.length() > chars) {
            int room = chars - indent.length();
            int cut = rest.lastIndexOf(' ', room);
            if (cut <= room / 3) {
                cut = room;
            }
            out.add(indent + rest.substring(0, cut).stripTrailing());
            rest = rest.substring(cut).stripLeading();
            indent = more;
        }
        out.add(indent + rest);
    }
}
