package org.vmsched.ui.help;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.Code;
import org.commonmark.node.Heading;
import org.commonmark.node.ListBlock;
import org.commonmark.node.Node;
import org.commonmark.node.SourceSpan;
import org.commonmark.node.Text;
import org.commonmark.parser.IncludeSourceSpans;
import org.commonmark.parser.Parser;

/**
 * The user guide's text ({@code docs/guide.md}, which the build copies into the jar as
 * {@code org/vmsched/ui/help/guide.md}), the one source of Help > Guide and of the charts page's
 * chart section, read as CommonMark by commonmark-java ({@link #document}); links of the form
 * {@code [text](example:FILE)} name a bundled example for the view, and links to one of the
 * {@link #PAGES} (the exercise pages, issue 33), bundled beside it, open that page in the guide's
 * window. Immutable; safe from any thread (commonmark's parser is).
 */
public final class Guide {

    /** The resource the guide is read from. */
    public static final String RESOURCE = "/org/vmsched/ui/help/guide.md";

    /** The guide's own page name, as the pages it links to link back to it. */
    public static final String GUIDE = "guide.md";

    /** The pages of docs/ bundled beside the guide (pom.xml) that its links open in its window. */
    public static final List<String> PAGES = List.of(GUIDE, "exercises-student.md", "exercises-teacher.md");

    /** The scheme of a link that opens a bundled example ({@code example:two-vms.json}). */
    public static final String EXAMPLE = "example:";

    // block source spans: a section's or a list item's own Markdown, line for line
    private static final Parser PARSER = Parser.builder().includeSourceSpans(IncludeSourceSpans.BLOCKS)
            .extensions(List.of(TablesExtension.create())).build();

    private Guide() {
    }

    /** The guide's markdown text. */
    public static String text() {
        return text(GUIDE);
    }

    /** The markdown text of {@code page}, one of {@link #PAGES}. */
    public static String text(String page) {
        if (!PAGES.contains(page)) {
            throw new IllegalArgumentException("not a page of the guide: " + page);
        }
        String resource = RESOURCE.replace(GUIDE, page);
        try (InputStream in = Guide.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("the guide's page " + resource + " is missing from the build");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("the guide cannot be read: " + e.getMessage(), e);
        }
    }

    /**
     * The page of {@link #PAGES} a link's destination names ("exercises-student.md",
     * "./exercises-student.md#checking"), or null: another page, a web address, an example.
     */
    public static String page(String destination) {
        String d = destination == null ? "" : destination.replaceFirst("#.*$", "").replaceFirst("^\\./", "");
        return PAGES.contains(d) ? d : null;
    }

    /** {@code markdown} parsed as CommonMark: a document node whose children are the blocks, with their source lines. */
    public static Node document(String markdown) {
        return PARSER.parse(markdown);
    }

    /** The text of {@code node}'s inlines without markup (a heading's title, a link's label). */
    public static String plainText(Node node) {
        StringBuilder sb = new StringBuilder();
        for (Node c = node.getFirstChild(); c != null; c = c.getNext()) {
            if (c instanceof Text t) {
                sb.append(t.getLiteral());
            } else if (c instanceof Code code) {
                sb.append(code.getLiteral());
            } else {
                sb.append(plainText(c));
            }
        }
        return sb.toString();
    }

    /**
     * The Markdown of the section under the heading {@code title} (any level), without the
     * heading, up to the next heading of any level; empty if none.
     */
    public static String section(String markdown, String title) {
        String[] lines = markdown.split("\n", -1);
        int from = -1;
        for (Node n = document(markdown).getFirstChild(); n != null; n = n.getNext()) {
            if (n instanceof Heading h) {
                if (from >= 0) {
                    return lines(lines, from, firstLine(h)).strip();
                }
                if (plainText(h).equals(title)) {
                    from = lastLine(h) + 1;
                }
            }
        }
        return from < 0 ? "" : lines(lines, from, lines.length).strip();
    }

    /**
     * The paragraph or list item of the chart section that explains the chart titled {@code chart}
     * ("Tmax curve", "Gantt"…), the one with the chart's name in bold, as its Markdown on one line; or null.
     */
    public static String chartParagraph(String chart) {
        String md = section(text(), "What each chart means");
        String[] lines = md.split("\n", -1);
        for (Node n = document(md).getFirstChild(); n != null; n = n.getNext()) {
            Node first = n instanceof ListBlock ? n.getFirstChild() : n;
            Node end = n instanceof ListBlock ? null : n.getNext();
            for (Node b = first; b != end; b = b.getNext()) {
                String source = lines(lines, firstLine(b), lastLine(b) + 1).strip().replaceAll("\\s*\n\\s*", " ");
                if (source.contains("**" + chart + "**")) {
                    return source;
                }
            }
        }
        return null;
    }

    private static int firstLine(Node n) {
        return n.getSourceSpans().get(0).getLineIndex();
    }

    private static int lastLine(Node n) {
        List<SourceSpan> spans = n.getSourceSpans();
        return spans.get(spans.size() - 1).getLineIndex();
    }

    private static String lines(String[] lines, int from, int to) {
        StringBuilder sb = new StringBuilder();
        for (int i = from; i < to && i < lines.length; i++) {
            sb.append(lines[i]).append('\n');
        }
        return sb.toString();
    }
}
