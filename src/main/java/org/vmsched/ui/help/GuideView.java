package org.vmsched.ui.help;

import java.util.Locale;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Separator;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.scene.text.FontPosture;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.scene.layout.GridPane;
import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.ext.gfm.tables.TableHead;
import org.commonmark.node.BulletList;
import org.commonmark.node.Code;
import org.commonmark.node.Emphasis;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.HardLineBreak;
import org.commonmark.node.Heading;
import org.commonmark.node.HtmlBlock;
import org.commonmark.node.HtmlInline;
import org.commonmark.node.IndentedCodeBlock;
import org.commonmark.node.Link;
import org.commonmark.node.ListBlock;
import org.commonmark.node.OrderedList;
import org.commonmark.node.SoftLineBreak;
import org.commonmark.node.StrongEmphasis;
import org.vmsched.ui.FxDialogs;

/**
 * Help > Guide: the {@link Guide}'s CommonMark document rendered as wrapped text (headings,
 * paragraphs, list items, bold, italics, code) in its own window, each worked example a link that
 * opens it, and each link to a page bundled with the guide ({@link Guide#PAGES}: the exercise
 * pages) a link that shows that page in the same window, with a way back to the guide. One
 * {@link TextFlow} per heading, paragraph, list item or code block, a grid of them per table. FX thread only.
 */
public final class GuideView extends ScrollPane {

    private final VBox content = new VBox(8);
    private final Consumer<String> openExample;
    private String page;

    /** The guide; {@code openExample} opens a bundled example by file name (as File > Open Example). */
    public GuideView(Consumer<String> openExample) {
        this.openExample = openExample;
        setId("guide");
        content.setPadding(new Insets(16));
        content.setFillWidth(true);
        show(Guide.GUIDE);
        setContent(content);
        setFitToWidth(true);
        getStyleClass().add("guide");
    }

    /** Shows {@code page}, one of {@link Guide#PAGES}, from its top; a page other than the guide starts with a link back. */
    public void show(String page) {
        this.page = page;
        content.getChildren().clear();
        if (!Guide.GUIDE.equals(page)) {
            Hyperlink back = new Hyperlink("← Back to the guide");
            back.setId("guideBack");
            back.setOnAction(e -> show(Guide.GUIDE));
            back.setFocusTraversable(false);
            content.getChildren().add(back);
        }
        for (org.commonmark.node.Node b = Guide.document(Guide.text(page)).getFirstChild(); b != null; b = b.getNext()) {
            block(b, 0, openExample);
        }
        setVvalue(0);
    }

    /** The page shown, one of {@link Guide#PAGES}. */
    public String page() {
        return page;
    }

    private static double base() {
        return Font.getDefault().getSize();
    }

    /** Adds the flows of one block, {@code depth} lists deep. */
    private void block(org.commonmark.node.Node b, int depth, Consumer<String> openExample) {
        if (b instanceof Heading h) {
            content.getChildren().add(heading(h));
        } else if (b instanceof ListBlock list) {
            int number = list instanceof OrderedList o && o.getMarkerStartNumber() != null ? o.getMarkerStartNumber() : 1;
            for (org.commonmark.node.Node item = list.getFirstChild(); item != null; item = item.getNext()) {
                String marker = list instanceof BulletList ? "• " : number++ + delimiter(list) + " ";
                listItem(item, marker, depth + 1, openExample);
            }
        } else if (b instanceof FencedCodeBlock || b instanceof IndentedCodeBlock) {
            String code = b instanceof FencedCodeBlock f ? f.getLiteral() : ((IndentedCodeBlock) b).getLiteral();
            Text t = new Text(code.stripTrailing());
            t.setFont(Font.font("Monospaced", base()));
            content.getChildren().add(indented(new TextFlow(t), depth));
        } else if (b instanceof TableBlock table) {
            content.getChildren().add(table(table, depth));
        } else if (!(b instanceof HtmlBlock)) {
            // a paragraph (or a block quote's text): its inlines
            Inlines flow = new Inlines(openExample, this::show);
            flow.add(b);
            content.getChildren().add(indented(flow.done(), depth));
        }
    }

    /**
     * A table as a grid of wrapped cells, the head's in bold, a rule under the head; each cell's
     * inlines as a paragraph's (code, links and emphasis included).
     */
    private Node table(TableBlock table, int depth) {
        GridPane grid = new GridPane();
        grid.getStyleClass().add("guide-table");
        grid.setHgap(16);
        grid.setVgap(4);
        grid.setPadding(new Insets(0, 0, 0, 16 * depth));
        int row = 0;
        for (org.commonmark.node.Node part = table.getFirstChild(); part != null; part = part.getNext()) {
            boolean head = part instanceof TableHead;
            for (org.commonmark.node.Node r = part.getFirstChild(); r != null; r = r.getNext()) {
                int column = 0;
                for (org.commonmark.node.Node cell = r.getFirstChild(); cell != null; cell = cell.getNext()) {
                    Inlines flow = new Inlines(openExample, this::show);
                    flow.bold = head;
                    flow.add(cell);
                    TextFlow f = flow.done();
                    f.setMinWidth(60);
                    grid.add(f, column++, row);
                }
                row++;
                if (head) {
                    Separator rule = new Separator();
                    grid.add(rule, 0, row++, Math.max(1, column), 1);
                }
            }
        }
        return grid;
    }

    private static String delimiter(ListBlock list) {
        String d = ((OrderedList) list).getMarkerDelimiter();
        return d == null ? "." : d;
    }

    /** A list item: its first paragraph after the marker, its further blocks below it at the same indent. */
    private void listItem(org.commonmark.node.Node item, String marker, int depth, Consumer<String> openExample) {
        org.commonmark.node.Node first = item.getFirstChild();
        Inlines flow = new Inlines(openExample, this::show);
        flow.text(marker);
        if (first != null && !(first instanceof ListBlock)) {
            flow.add(first);
            first = first.getNext();
        }
        content.getChildren().add(indented(flow.done(), depth));
        for (org.commonmark.node.Node b = first; b != null; b = b.getNext()) {
            block(b, depth, openExample);
        }
    }

    private static TextFlow indented(TextFlow flow, int depth) {
        if (depth > 0) {
            flow.setPadding(new Insets(0, 0, 0, 16 * depth));
        }
        return flow;
    }

    private static TextFlow heading(Heading h) {
        String title = Guide.plainText(h);
        Text t = new Text(title);
        int level = Math.max(1, Math.min(3, h.getLevel()));
        t.setFont(Font.font(null, FontWeight.BOLD, base() * (level == 1 ? 1.6 : 1.25)));
        TextFlow flow = new TextFlow(t);
        flow.setLineSpacing(2);
        flow.setPadding(new Insets(level == 1 ? 0 : 8, 0, 0, 0));
        if (level == 2) {
            flow.setId(headingId(title));
        }
        return flow;
    }

    private static String headingId(String title) {
        return "guide-" + title.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
    }

    /**
     * One flow of inline text: runs of one style each (a chart's bold name is one {@link Text} of
     * its own, which {@link #block(String)} finds), example links as {@link Hyperlink}s.
     */
    private static final class Inlines {

        private final TextFlow flow = new TextFlow();
        private final Consumer<String> openExample;
        private final Consumer<String> openPage;
        private final StringBuilder run = new StringBuilder();
        private boolean bold;
        private boolean italic;

        Inlines(Consumer<String> openExample, Consumer<String> openPage) {
            this.openExample = openExample;
            this.openPage = openPage;
            flow.setLineSpacing(2);
        }

        void text(String s) {
            run.append(s);
        }

        /** Adds the inlines under {@code parent}. */
        void add(org.commonmark.node.Node parent) {
            for (org.commonmark.node.Node n = parent.getFirstChild(); n != null; n = n.getNext()) {
                inline(n);
            }
        }

        private void inline(org.commonmark.node.Node n) {
            if (n instanceof org.commonmark.node.Text t) {
                run.append(t.getLiteral());
            } else if (n instanceof SoftLineBreak) {
                run.append(' ');
            } else if (n instanceof HardLineBreak) {
                run.append('\n');
            } else if (n instanceof Code c) {
                flush();
                Text t = new Text(c.getLiteral());
                t.setFont(Font.font("Monospaced", base()));
                flow.getChildren().add(t);
            } else if (n instanceof StrongEmphasis || n instanceof Emphasis) {
                flush();
                boolean wasBold = bold;
                boolean wasItalic = italic;
                bold |= n instanceof StrongEmphasis;
                italic |= n instanceof Emphasis;
                add(n);
                flush();
                bold = wasBold;
                italic = wasItalic;
            } else if (n instanceof Link l && l.getDestination().startsWith(Guide.EXAMPLE)) {
                flush();
                flow.getChildren().add(exampleLink(Guide.plainText(l), l.getDestination().substring(Guide.EXAMPLE.length())));
            } else if (n instanceof Link l && Guide.page(l.getDestination()) != null) {
                flush();
                String to = Guide.page(l.getDestination());
                Hyperlink link = new Hyperlink(Guide.plainText(l));
                link.setId("page-" + to.replace(".md", ""));
                link.setOnAction(e -> openPage.accept(to));
                link.setPadding(Insets.EMPTY);
                link.setFocusTraversable(false);
                flow.getChildren().add(link);
            } else if (!(n instanceof HtmlInline)) {
                add(n); // another link or an image: its text
            }
        }

        private Hyperlink exampleLink(String label, String file) {
            Hyperlink link = new Hyperlink(label);
            link.setId("example-" + file.replaceAll("[^A-Za-z0-9]+", "-"));
            link.setOnAction(e -> openExample.accept(file));
            link.setPadding(Insets.EMPTY);
            // a focused first link made the scroll pane open scrolled down to the examples
            link.setFocusTraversable(false);
            return link;
        }

        private void flush() {
            if (run.length() == 0) {
                return;
            }
            Text t = new Text(run.toString());
            t.setFont(Font.font(null, bold ? FontWeight.BOLD : FontWeight.NORMAL, italic ? FontPosture.ITALIC : FontPosture.REGULAR,
                    base()));
            flow.getChildren().add(t);
            run.setLength(0);
        }

        TextFlow done() {
            flush();
            return flow;
        }
    }

    /** The heading node of the section {@code title} ("What each chart means"), or null. */
    public Node heading(String title) {
        return content.lookup("#" + headingId(title));
    }

    /** The block (heading, paragraph or list item) with a run of exactly {@code text} (a chart's name in bold), or null. */
    Node block(String text) {
        for (Node n : content.getChildren()) {
            if (n instanceof TextFlow f && f.getChildren().stream().anyMatch(c -> c instanceof Text t && t.getText().equals(text))) {
                return n;
            }
        }
        return null;
    }

    /** Scrolls so the block holding {@code text} (a chart's name in bold, a heading) is at the top. */
    public void scrollTo(String text) {
        Node n = block(text);
        if (n != null) {
            applyCss();
            layout();
            double y = n.getBoundsInParent().getMinY();
            double range = content.getHeight() - getViewportBounds().getHeight();
            setVvalue(range <= 0 ? 0 : Math.min(1, y / range));
        }
    }

    /**
     * Opens the guide in its own window beside {@code owner}, scrolled to {@code topic} (a chart's
     * name such as "Gantt", or null for the top); Esc closes it.
     */
    public static GuideView open(Window owner, Consumer<String> openExample, String topic) {
        GuideView view = new GuideView(openExample);
        Stage stage = new Stage();
        stage.setTitle("Guide — VMSched");
        Rectangle2D area = FxDialogs.room(owner);
        double zoom = FxDialogs.zoomOf(owner);
        stage.setScene(new Scene(view, Math.min(760 * zoom, area.getWidth() - 40), Math.min(640 * zoom, area.getHeight() - 60)));
        FxDialogs.closeOnEscape(stage); // issue 30: it ignored Esc
        FxDialogs.showOwned(stage, owner);
        Platform.runLater(() -> {
            if (topic == null) {
                view.setVvalue(0);
            } else {
                view.scrollTo(topic);
            }
        });
        return view;
    }
}
