package org.vmsched.io;

import com.orsonpdf.PDFDocument;
import com.orsonpdf.PDFGraphics2D;
import com.orsonpdf.Page;
import java.awt.Color;
import java.awt.Font;
import java.awt.Rectangle;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jfree.chart.JFreeChart;

/**
 * A multi-page PDF report: pages of monospaced text (the scenario, the verdict tables) followed
 * by one chart per page, written atomically. Stateless; charts must not change while written.
 */
public final class ReportPdf {

    private static final int WIDTH = 842;
    private static final int HEIGHT = 595;
    private static final int LINE = 14;

    private ReportPdf() {
    }

    /** Writes {@code title}, then {@code textLines} (paginated), then each chart on its own landscape A4 page. */
    public static void write(Path file, String title, List<String> textLines, List<JFreeChart> charts) throws IOException {
        PDFDocument doc = new PDFDocument();
        doc.setTitle(title);
        int perPage = (HEIGHT - 90) / LINE;
        int i = 0;
        boolean first = true;
        while (first || i < textLines.size()) {
            Page page = doc.createPage(new Rectangle(WIDTH, HEIGHT));
            PDFGraphics2D g2 = page.getGraphics2D();
            g2.setColor(Color.BLACK);
            int y = 50;
            if (first) {
                g2.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 18));
                g2.drawString(title, 40, y);
                y += 30;
                first = false;
            }
            g2.setFont(new Font(Font.MONOSPACED, Font.PLAIN, 10));
            for (int n = 0; n < perPage && i < textLines.size(); n++, i++) {
                g2.drawString(textLines.get(i), 40, y);
                y += LINE;
            }
        }
        for (JFreeChart chart : charts) {
            Page page = doc.createPage(new Rectangle(WIDTH, HEIGHT));
            chart.draw(page.getGraphics2D(), new Rectangle(20, 20, WIDTH - 40, HEIGHT - 40));
        }
        AtomicFiles.write(file, tmp -> Files.write(tmp, doc.getPDFBytes()));
    }
}
