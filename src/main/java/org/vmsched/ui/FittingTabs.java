package org.vmsched.ui;

import java.util.ArrayList;
import java.util.List;
import javafx.application.Platform;
import javafx.beans.value.ChangeListener;
import javafx.collections.ListChangeListener;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.Region;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;

/**
 * Tab titles that stay whole in their row. A tab pane hides the tabs that do not fit behind a
 * menu and scrolls the row, so a narrow pane showed "Step-throu" at 1024x768 and, at zoom 2,
 * "Good-period" and "ponse times" (issue 19). Here each title is a label of its own: on one line
 * while the row has room (in a font up to a tenth smaller), else on two ("Supply &" / "demand",
 * "Step-" / "through"), and when even two lines are too wide, in the smaller font that fits
 * (never below half the window's). The
 * tab's own text stays (present mode and menus read it); the style sheet shows the label instead
 * ({@code .fitting-tabs}). FX thread only.
 */
public final class FittingTabs {

    /** The style class of a tab pane made fitting, and of each title label. */
    public static final String STYLE = "fitting-tabs";
    public static final String TITLE = "tab-title";
    /** The smallest font, relative to the window's, a title is shrunk to. */
    static final double MIN_SCALE = 0.5;
    /** The smallest font a row of titles on one line is shrunk to before they go onto two lines. */
    static final double ONE_LINE_SCALE = 0.9;

    private final TabPane pane;

    private FittingTabs(TabPane pane) {
        this.pane = pane;
    }

    /** Makes {@code pane}'s titles fit its row, now and for tabs added later. */
    public static void install(TabPane pane) {
        FittingTabs f = new FittingTabs(pane);
        pane.getStyleClass().add(STYLE);
        for (Tab t : pane.getTabs()) {
            f.title(t);
        }
        pane.getTabs().addListener((ListChangeListener<Tab>) c -> {
            while (c.next()) {
                for (Tab t : c.getAddedSubList()) {
                    f.title(t);
                }
            }
            f.later();
        });
        pane.widthProperty().addListener((o, a, b) -> f.fit());
        pane.skinProperty().addListener((o, a, b) -> f.later());
        f.later();
    }

    /** Whether a {@link #fit} is already on its way. */
    private boolean pending;

    /**
     * Fits again when a header's font changes (a zoom): one listener per title, moved with it when
     * the skin gives the title a new header (it was added anew at each, and never removed).
     */
    private final ChangeListener<Font> refit = (o, a, b) -> fit();

    /**
     * Fits after the current event: a title gets its header while the skin is still changing its
     * children, where measuring (it applies the style sheet) broke the skin's update.
     */
    private void later() {
        if (!pending) {
            pending = true;
            Platform.runLater(() -> {
                pending = false;
                fit();
            });
        }
    }

    private void title(Tab t) {
        if (t.getGraphic() instanceof Label l && l.getStyleClass().contains(TITLE)) {
            return;
        }
        Label l = new Label(t.getText());
        l.getStyleClass().add(TITLE);
        l.setTextAlignment(TextAlignment.CENTER);
        l.setMinWidth(Region.USE_PREF_SIZE);
        l.setMinHeight(Region.USE_PREF_SIZE);
        l.setUserData(t.getText());
        t.textProperty().addListener((o, a, b) -> {
            l.setUserData(b);
            later();
        });
        // in the header, the label inherits the window's font: a zoom changes it, so fit again
        l.parentProperty().addListener((o, a, p) -> {
            if (a instanceof Labeled old) {
                old.fontProperty().removeListener(refit);
            }
            if (p instanceof Labeled header) {
                header.fontProperty().addListener(refit);
                later();
            }
        });
        t.setGraphic(l);
    }

    /** Sets every title's lines and size for the room its row has now. */
    void fit() {
        List<Label> titles = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        for (Tab t : pane.getTabs()) {
            if (t.getGraphic() instanceof Label l && l.getStyleClass().contains(TITLE)) {
                titles.add(l);
                texts.add(l.getUserData() == null ? "" : (String) l.getUserData());
            }
        }
        if (titles.isEmpty()) {
            return;
        }
        Font font = headerFont(titles);
        if (font == null) {
            return;
        }
        double room = room();
        if (room <= 0) {
            return; // not laid out yet
        }
        double frame = 0;
        double oneLine = 0;
        double twoLines = 0;
        for (int i = 0; i < titles.size(); i++) {
            frame += frame(titles.get(i), font);
            oneLine += width(texts.get(i), font);
            twoLines += width(twoLines(texts.get(i)), font);
        }
        // one line, a little smaller if need be; else two lines, smaller if even they are too wide
        double oneScale = Math.min(1, Math.floor((room - frame) / oneLine * 100) / 100);
        boolean split = oneScale < ONE_LINE_SCALE;
        double scale = !split ? oneScale : frame + twoLines <= room ? 1
                : Math.max(MIN_SCALE, Math.floor((room - frame) / twoLines * 100) / 100);
        apply(titles, texts, split, scale);
        shrinkAsLaidOut(titles, texts, room, split, scale);
    }

    /** The window's font as the headers inherit it (zoom included); null before the pane has a skin. */
    private static Font headerFont(List<Label> titles) {
        for (Label l : titles) {
            if (l.getParent() instanceof Labeled header) {
                return header.getFont();
            }
        }
        return null;
    }

    /**
     * The width the titles' headers may take: the pane's width, not its row's, since the row is
     * laid out after a new width is announced. The row shows every header when they, its left
     * inset and a 10 px spacer are narrower than it (TabPaneSkin's test; its right inset does not count).
     */
    private double room() {
        Node area = pane.lookup(".tab-header-area");
        double room = pane.getWidth() - pane.snappedLeftInset() - pane.snappedRightInset() - ROW_SPACER - 1;
        if (area instanceof Region r) {
            room -= r.snappedLeftInset();
        }
        return room;
    }

    /**
     * Makes the titles smaller while the row, measured as laid out, is wider than {@code room}:
     * the estimate in the headers' font is a few per cent off where a smaller font is hinted
     * differently (the real window at zoom 2 kept "Step-throug" behind the menu).
     */
    private void shrinkAsLaidOut(List<Label> titles, List<String> texts, double room, boolean split, double scale) {
        Node headers = pane.lookup(".headers-region");
        for (int k = 0; k < 30 && headers instanceof Region h && used(h, titles) > room && scale > MIN_SCALE; k++) {
            if (!split && scale - STEP < ONE_LINE_SCALE) {
                split = true;
                scale = 1;
            } else {
                scale = Math.max(MIN_SCALE, Math.round((scale - STEP) * 100) / 100.0);
            }
            apply(titles, texts, split, scale);
        }
    }

    /** The room the tab pane's skin keeps beside the headers before it shows its menu. */
    private static final double ROW_SPACER = 10;

    /** The step by which a row too wide as laid out gets smaller. */
    private static final double STEP = 0.03;

    private static void apply(List<Label> titles, List<String> texts, boolean split, double scale) {
        for (int i = 0; i < titles.size(); i++) {
            Label l = titles.get(i);
            String text = split ? twoLines(texts.get(i)) : texts.get(i);
            if (!text.equals(l.getText())) {
                l.setText(text);
            }
            String style = scale == 1 ? "" : "-fx-font-size: " + scale + "em;";
            if (!style.equals(l.getStyle())) {
                l.setStyle(style);
            }
        }
    }

    /** The width the row of headers wants with the titles as they are now. */
    private static double used(Region headers, List<Label> titles) {
        for (Label l : titles) {
            l.applyCss();
        }
        headers.applyCss();
        return headers.prefWidth(-1);
    }

    /** A header's width beyond its title's text: the insets around it (estimated before a skin), and a pixel for rounding. */
    private static double frame(Label title, Font font) {
        if (!(title.getParent() instanceof Labeled)) {
            return font.getSize() * 1.6;
        }
        double w = title.snappedLeftInset() + title.snappedRightInset() + 1;
        Node n = title.getParent();
        // the tab's label, its container, the header
        for (int i = 0; i < 3 && n instanceof Region r; i++, n = n.getParent()) {
            w += r.snappedLeftInset() + r.snappedRightInset();
        }
        return w;
    }

    /** The widest line of {@code text} in {@code font}. */
    static double width(String text, Font font) {
        double w = 0;
        for (String line : text.split("\n", -1)) {
            Text t = new Text(line);
            t.setFont(font);
            w = Math.max(w, t.getLayoutBounds().getWidth());
        }
        return Math.ceil(w);
    }

    /**
     * {@code title} on two lines, broken at the space that makes the longer line shortest
     * ("Supply &" / "demand", "Good-period" / "map"), else after a hyphen ("Step-" / "through");
     * one word stays as it is.
     */
    static String twoLines(String title) {
        String best = title;
        int bestLonger = Integer.MAX_VALUE;
        for (char at : new char[] {' ', '-'}) {
            for (int i = 1; i < title.length() - 1; i++) {
                if (title.charAt(i) != at) {
                    continue;
                }
                String a = at == ' ' ? title.substring(0, i) : title.substring(0, i + 1);
                String b = title.substring(i + 1);
                int longer = Math.max(a.length(), b.length());
                if (longer <= bestLonger) { // a tie: the later break, so the first line reads on ("Supply &")
                    bestLonger = longer;
                    best = a + "\n" + b;
                }
            }
            if (!best.equals(title)) {
                return best;
            }
        }
        return best;
    }
}
