package org.vmsched.ui.help;

import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * Help > Guide: the {@link Guide} rendered as wrapped text (headings, paragraphs, list items,
 * bold, italics, code) in its own window, each worked example a link that opens it. FX thread only.
 */
public final class GuideView extends ScrollPane {

    private static final Pattern INLINE = Pattern.compile("\\*\\*(.+?)\\*\\*|`(.+?)`|\\[(.+?)\\]\\(example:(.+?)\\)|\\*(.+?)\\*");

    private final VBox content = new VBox(8);

    /** The guide; {@code openExample} opens a bundled example by file name (as File > Open Example). */
    public GuideView(Consumer<String> openExample) {
        setId("guide");
        content.setPadding(new Insets(16));
        content.setFillWidth(true);
        for (Guide.Block b : Guide.blocks(Guide.text())) {
            content.getChildren().add(block(b, openExample));
        }
        setContent(content);
        setFitToWidth(true);
        getStyleClass().add("guide");
    }

    private static Node block(Guide.Block b, Consumer<String> openExample) {
        double base = Font.getDefault().getSize();
        TextFlow flow = new TextFlow();
        flow.setLineSpacing(2);
        if (b.level() > 0) {
            Text t = new Text(b.text());
            t.setFont(Font.font(null, FontWeight.BOLD, base * (b.level() == 1 ? 1.6 : 1.25)));
            flow.getChildren().add(t);
            flow.setPadding(new Insets(b.level() == 1 ? 0 : 8, 0, 0, 0));
            if (b.level() == 2) {
                flow.setId("guide-" + b.text().toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "-"));
            }
            return flow;
        }
        if (b.listItem()) {
            flow.setPadding(new Insets(0, 0, 0, 16));
        }
        String text = b.listItem() && b.text().startsWith("- ") ? "• " + b.text().substring(2) : b.text();
        Matcher m = INLINE.matcher(text);
        int last = 0;
        while (m.find()) {
            flow.getChildren().add(plain(text.substring(last, m.start()), base));
            if (m.group(1) != null) {
                Text t = new Text(m.group(1));
                t.setFont(Font.font(null, FontWeight.BOLD, base));
                flow.getChildren().add(t);
            } else if (m.group(5) != null) {
                // *periodic server*: the guide's few italics showed their asterisks (screenshot, issue 19)
                Text t = new Text(m.group(5));
                t.setFont(Font.font(null, javafx.scene.text.FontPosture.ITALIC, base));
                flow.getChildren().add(t);
            } else if (m.group(2) != null) {
                Text t = new Text(m.group(2));
                t.setFont(Font.font("Monospaced", base));
                flow.getChildren().add(t);
            } else {
                String file = m.group(4);
                Hyperlink link = new Hyperlink(m.group(3));
                link.setId("example-" + file.replaceAll("[^A-Za-z0-9]+", "-"));
                link.setOnAction(e -> openExample.accept(file));
                link.setPadding(Insets.EMPTY);
                // a focused first link made the scroll pane open scrolled down to the examples
                link.setFocusTraversable(false);
                flow.getChildren().add(link);
            }
            last = m.end();
        }
        flow.getChildren().add(plain(text.substring(last), base));
        return flow;
    }

    private static Text plain(String s, double size) {
        Text t = new Text(s);
        t.setFont(Font.font(size));
        return t;
    }

    /** The heading node of the section {@code title} ("What each chart means"), or null. */
    public Node heading(String title) {
        return content.lookup("#guide-" + title.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "-"));
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
        javafx.geometry.Rectangle2D area = org.vmsched.ui.FxDialogs.room(owner);
        double zoom = org.vmsched.ui.FxDialogs.zoomOf(owner);
        stage.setScene(new Scene(view, Math.min(760 * zoom, area.getWidth() - 40), Math.min(640 * zoom, area.getHeight() - 60)));
        org.vmsched.ui.FxDialogs.closeOnEscape(stage); // issue 30: it ignored Esc
        org.vmsched.ui.FxDialogs.showOwned(stage, owner);
        javafx.application.Platform.runLater(() -> {
            if (topic == null) {
                view.setVvalue(0);
            } else {
                view.scrollTo(topic);
            }
        });
        return view;
    }
}
