package org.vmsched.io;

import de.rototor.pdfbox.graphics2d.IPdfBoxGraphics2DFontTextDrawer;
import de.rototor.pdfbox.graphics2d.PdfBoxGraphics2D;
import de.rototor.pdfbox.graphics2d.PdfBoxGraphics2DFontTextDrawer;
import java.awt.Font;
import java.awt.FontFormatException;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.font.TextAttribute;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.text.AttributedCharacterIterator;
import java.text.AttributedString;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSString;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDType0Font;
import org.apache.pdfbox.pdmodel.graphics.form.PDFormXObject;
import org.vmsched.chart.ExportFonts;

/**
 * A PDF being written page by page through Java2D, every text in the bundled DejaVu faces
 * embedded as subsets (so α, −, ≤ and ⌈⌉ print, and journals' checks for embedded fonts
 * pass). Whatever font the drawing code asks for is mapped to the bundled face standing for it
 * ({@link ExportFonts.Face#of(Font)}); a character that face lacks prints as U+FFFD
 * ({@link PrintableText}). Not thread-safe; close it (or {@link #save(Path)} it).
 */
final class PdfPages implements Closeable {

    private final PDDocument doc = new PDDocument();
    private final Map<ExportFonts.Face, PDFont> fonts = new EnumMap<>(ExportFonts.Face.class);
    private final PdfBoxGraphics2DFontTextDrawer text = new PdfBoxGraphics2DFontTextDrawer() {
        @Override
        protected PDFont mapFont(Font font, IPdfBoxGraphics2DFontTextDrawer.IFontTextDrawerEnv env) throws IOException {
            return pdFont(ExportFonts.Face.of(font));
        }

        // PDFBox cannot encode a character outside the embedded face: the text would be drawn as
        // outlines of boxes (a tab: not at all), lost to pdftotext; each such character prints as U+FFFD
        @Override
        public boolean canDrawText(AttributedCharacterIterator it, IPdfBoxGraphics2DFontTextDrawer.IFontTextDrawerEnv env)
                throws IOException, FontFormatException {
            return super.canDrawText(printable(it, env.getFont()), env);
        }

        @Override
        public void drawText(AttributedCharacterIterator it, IPdfBoxGraphics2DFontTextDrawer.IFontTextDrawerEnv env)
                throws IOException, FontFormatException {
            super.drawText(printable(it, env.getFont()), env);
        }

        // and a chart lays its text out at the width printed, not at that of the missing glyphs' boxes
        @Override
        public FontMetrics getFontMetrics(Font f, IPdfBoxGraphics2DFontTextDrawer.IFontTextDrawerEnv env)
                throws IOException, FontFormatException {
            return new PrintableFontMetrics(super.getFontMetrics(f, env));
        }
    };

    PdfPages(String title) {
        PDDocumentInformation info = doc.getDocumentInformation();
        if (title != null) {
            info.setTitle(title);
        }
        info.setCreator("VMSched");
    }

    /**
     * Gives the document a fixed identifier derived from {@code identity} instead of one from the
     * clock, so the same content makes the same bytes (an exercise sheet made twice from one seed).
     */
    void identity(String identity) {
        byte[] id;
        try {
            id = MessageDigest.getInstance("MD5")
                    .digest(identity.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has MD5", e);
        }
        COSArray ids = new COSArray();
        ids.add(new COSString(id));
        ids.add(new COSString(id));
        doc.getDocument().setDocumentID(ids);
    }

    /** Adds a page of {@code width} × {@code height} points and draws on it (y grows downwards, as in Java2D). */
    void page(float width, float height, Consumer<Graphics2D> draw) throws IOException {
        PDPage page = new PDPage(new PDRectangle(width, height));
        doc.addPage(page);
        PdfBoxGraphics2D g2 = new PdfBoxGraphics2D(doc, width, height);
        g2.setFontTextDrawer(text);
        try {
            draw.accept(g2);
        } finally {
            g2.dispose();
        }
        PDFormXObject form = g2.getXFormObject();
        try (PDPageContentStream cs = new PDPageContentStream(doc, page)) {
            cs.drawForm(form);
        }
    }

    /**
     * {@code it} with each run's text as its face prints it ({@link PrintableText}), its attributes
     * kept; {@code font} for runs that name none. {@code it} itself when every character prints.
     */
    static AttributedCharacterIterator printable(AttributedCharacterIterator it, Font font) {
        StringBuilder text = new StringBuilder();
        List<Map<AttributedCharacterIterator.Attribute, Object>> attributes = new ArrayList<>();
        List<Integer> ends = new ArrayList<>();
        boolean changed = false;
        it.first();
        while (it.getIndex() < it.getEndIndex()) {
            int limit = it.getRunLimit();
            Map<AttributedCharacterIterator.Attribute, Object> a = it.getAttributes();
            StringBuilder run = new StringBuilder();
            while (it.getIndex() < limit) {
                run.append(it.current());
                it.next();
            }
            Font f = a.get(TextAttribute.FONT) instanceof Font given ? given : font;
            String printed = PrintableText.of(run.toString(), ExportFonts.Face.of(f), new HashSet<>());
            changed |= !printed.equals(run.toString());
            text.append(printed);
            attributes.add(a);
            ends.add(text.length());
        }
        it.first();
        if (!changed) {
            return it;
        }
        AttributedString out = new AttributedString(text.toString());
        int from = 0;
        for (int r = 0; r < ends.size(); r++) {
            if (ends.get(r) > from) {
                out.addAttributes(attributes.get(r), from, ends.get(r));
            }
            from = ends.get(r);
        }
        return out.getIterator();
    }

    private PDFont pdFont(ExportFonts.Face face) throws IOException {
        PDFont f = fonts.get(face);
        if (f == null) {
            try (InputStream in = face.open()) {
                f = PDType0Font.load(doc, in, true);
            }
            fonts.put(face, f);
        }
        return f;
    }

    /** The document's bytes. */
    byte[] bytes() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        doc.save(out);
        return out.toByteArray();
    }

    /** Writes the document atomically to {@code file}. */
    void save(Path file) throws IOException {
        byte[] b = bytes();
        AtomicFiles.write(file, tmp -> Files.write(tmp, b));
    }

    @Override
    public void close() throws IOException {
        text.close();
        doc.close();
    }
}
