package org.vmsched.ui;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.application.Platform;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Rectangle2D;
import javafx.scene.Parent;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextArea;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import javafx.scene.text.Font;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.vmsched.chart.ExportOptions;
import org.vmsched.text.Format;

/**
 * {@link Dialogs} with JavaFX alerts and file choosers, each owned by the main window, titled,
 * sized to its content and centred on its owner ({@link #fit}). Use on the FX thread.
 */
public final class FxDialogs implements Dialogs {

    /**
     * Makes {@code d} open with a title, at least its content's size and centred on its owner.
     * JavaFX 21 under some window managers (openbox) maps a secondary window at 200×200 in the
     * top-left corner, undecorated, and drops sizeToScene called before show (JDK-8316423, fixed
     * in JavaFX 22, which this project's JavaFX 21 line does not have): so the size and the place
     * are set again once the window is shown.
     */
    public static void fit(Dialog<?> d, String title) {
        d.setTitle(title);
        d.setResizable(true);
        d.getDialogPane().setMinSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
        d.setOnShown(e -> place(d.getDialogPane().getScene().getWindow()));
        followZoom(d.getOwner(), d.getDialogPane());
        hideTooltipsWhileShowing(d);
    }

    /**
     * No tooltip over {@code d} (issue 30 item 7: the unsaved-changes question opened under the
     * tooltip of the control the mouse was on): the tooltips showing when it opens are hidden, and
     * so is one whose delay ran out while it is open.
     */
    static void hideTooltipsWhileShowing(Dialog<?> d) {
        ListChangeListener<Window> popped = c -> hideTooltips();
        d.showingProperty().addListener((o, was, now) -> {
            if (now) {
                hideTooltips();
                Window.getWindows().addListener(popped);
            } else {
                Window.getWindows().removeListener(popped);
            }
        });
    }

    private static void hideTooltips() {
        for (Window w : List.copyOf(Window.getWindows())) {
            if (w instanceof Tooltip t && t.isShowing()) {
                // hidden after this change of the window list: hiding inside the list's own event is not allowed
                Platform.runLater(t::hide);
            }
        }
    }

    /** The style sheet's root font size in px: the main window's zoom 1. */
    private static final double BASE_FONT = 14;
    private static final Pattern FONT_SIZE = Pattern.compile("-fx-font-size:\\s*([0-9.]+)px");

    /** The owner's zoom: its root's font size (the main window sets it) over the style sheet's 14 px; 1 when it has none. */
    public static double zoomOf(Window owner) {
        if (owner == null || owner.getScene() == null || owner.getScene().getRoot().getStyle() == null) {
            return 1;
        }
        Matcher m = FONT_SIZE.matcher(owner.getScene().getRoot().getStyle());
        return m.find() ? Double.parseDouble(m.group(1)) / BASE_FONT : 1;
    }

    /** Gives {@code root} the owner's font size, so Ctrl+Plus on the main window enlarges its dialogs too. */
    private static void followZoom(Window owner, Parent root) {
        double z = zoomOf(owner);
        String style = root.getStyle() == null ? "" : FONT_SIZE.matcher(root.getStyle()).replaceAll("");
        root.setStyle(style + "-fx-font-size: " + Format.fixed(BASE_FONT * z, 2) + "px;");
    }

    /**
     * The room a dialog of {@code owner} has: the screen's visual bounds, no larger than the owner
     * (a dialog stays inside the main window it belongs to).
     */
    public static Rectangle2D room(Window owner) {
        Rectangle2D area = Screen.getPrimary().getVisualBounds();
        // an owner not shown (or not yet sized) gives no room of its own
        if (owner == null || !owner.isShowing() || !(owner.getWidth() >= 200) || !(owner.getHeight() >= 200)) {
            return area;
        }
        return new Rectangle2D(area.getMinX(), area.getMinY(), Math.min(area.getWidth(), owner.getWidth()),
                Math.min(area.getHeight(), owner.getHeight()));
    }

    /** The window property holding the scene size {@link #showOwned} asked for. */
    private static final String WANTED = "vmsched.wantedSceneSize";

    /**
     * Esc anywhere in {@code stage} closes it, as the Close of a dialog (issue 30: the Design and
     * Guide windows ignored it).
     */
    public static void closeOnEscape(Stage stage) {
        stage.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                e.consume();
                stage.close();
            }
        });
    }

    /** Shows {@code stage} owned by {@code owner} at its scene's size, centred on the owner (see {@link #fit}). */
    public static void showOwned(Stage stage, Window owner) {
        if (stage.getOwner() == null && owner != null) {
            stage.initOwner(owner);
        }
        if (stage.getScene() != null) {
            followZoom(owner, stage.getScene().getRoot());
            // the size asked for, before a window manager can shrink the scene with the window
            stage.getProperties().put(WANTED, new double[] {stage.getScene().getWidth(), stage.getScene().getHeight()});
        }
        stage.setOnShown(e -> place(stage));
        stage.show();
    }

    /** Sizes {@code w} to its scene (when the window manager made it smaller) and centres it on its owner, now and once more after the WM's move. */
    static void place(Window w) {
        fitNow(w);
        Platform.runLater(() -> fitNow(w));
    }

    private static void fitNow(Window w) {
        if (w.getScene() == null) {
            return;
        }
        Parent root = w.getScene().getRoot();
        Rectangle2D area = Screen.getPrimary().getVisualBounds();
        Window owner = w instanceof Stage s ? s.getOwner() : null;
        // no larger than the main window: a long header or message wraps instead (zoom 2 at 1024×768)
        Rectangle2D room = room(owner);
        double maxW = room.getWidth() - 20;
        double maxH = room.getHeight() - 40;
        double sw = w.getScene().getWidth();
        double sh = w.getScene().getHeight();
        double pw;
        double ph;
        if (w.getProperties().get(WANTED) instanceof double[] wanted) {
            // a window that asked for a size: at least that (the WM may have shrunk it), within the room
            pw = Math.min(Math.max(sw, wanted[0]), maxW);
            ph = Math.min(Math.max(sh, wanted[1]), maxH);
        } else {
            // a dialog: its content's size, within the room (narrower, its wrapped text is taller)
            pw = Math.min(Math.max(sw, root.prefWidth(-1)), maxW);
            ph = Math.min(Math.max(sh, root.prefHeight(pw)), maxH);
        }
        if (Math.abs(sw - pw) > 1 || Math.abs(sh - ph) > 1) {
            // the decorations are the difference between the window and its scene
            w.setWidth(pw + Math.max(0, w.getWidth() - w.getScene().getWidth()));
            w.setHeight(ph + Math.max(0, w.getHeight() - w.getScene().getHeight()));
        }
        double x = owner == null ? area.getMinX() + (area.getWidth() - w.getWidth()) / 2
                : owner.getX() + (owner.getWidth() - w.getWidth()) / 2;
        double y = owner == null ? area.getMinY() + (area.getHeight() - w.getHeight()) / 3
                : owner.getY() + (owner.getHeight() - w.getHeight()) / 3;
        w.setX(centredIn(x, w.getWidth(), area.getMinX(), area.getMaxX()));
        w.setY(centredIn(y, w.getHeight(), area.getMinY(), area.getMaxY()));
    }

    /** {@code at} moved so [at, at + size] stays inside [min, max] (its start wins when it cannot). */
    static double centredIn(double at, double size, double min, double max) {
        return Math.max(min, Math.min(at, max - size));
    }

    private final Supplier<Window> owner;
    private File lastDir;

    public FxDialogs(Supplier<Window> owner) {
        this.owner = owner;
    }

    @Override
    public Unsaved askUnsaved(String documentName) {
        ButtonType save = new ButtonType("Save", ButtonBar.ButtonData.YES);
        ButtonType discard = new ButtonType("Discard", ButtonBar.ButtonData.NO);
        Alert a = new Alert(Alert.AlertType.CONFIRMATION, "Save the changes to " + documentName + " first?", save, discard,
                ButtonType.CANCEL);
        a.initOwner(owner.get());
        fit(a, "Unsaved changes — VMSched");
        a.setHeaderText("Unsaved changes");
        Optional<ButtonType> r = a.showAndWait();
        if (r.isEmpty() || r.get() == ButtonType.CANCEL) {
            return Unsaved.CANCEL;
        }
        return r.get() == save ? Unsaved.SAVE : Unsaved.DISCARD;
    }

    @Override
    public Path chooseOpen(Path folder) {
        FileChooser fc = chooser("Open scenario", folder);
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("Scenario (*.json)", "*.json"));
        File f = fc.showOpenDialog(owner.get());
        return remember(f);
    }

    @Override
    public Path chooseSave(Path folder, String title, String suggestedName, String... extensions) {
        FileChooser fc = chooser(title, folder);
        for (String e : extensions) {
            fc.getExtensionFilters().add(new FileChooser.ExtensionFilter(e.toUpperCase() + " (*." + e + ")", "*." + e));
        }
        fc.setInitialFileName(suggestedName);
        File f = fc.showSaveDialog(owner.get());
        if (f == null) {
            return null;
        }
        String name = f.getName();
        if (name.indexOf('.') < 0 && extensions.length > 0) {
            String ext = fc.getSelectedExtensionFilter() == null ? extensions[0]
                    : fc.getSelectedExtensionFilter().getExtensions().get(0).substring(2);
            f = new File(f.getParentFile(), name + "." + ext);
        }
        return remember(f);
    }

    @Override
    public Path chooseExperiment(Path folder) {
        FileChooser fc = chooser("Open experiment file", folder != null ? folder : lastDir == null ? null : lastDir.toPath());
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("Experiment (*.json)", "*.json"));
        return remember(fc.showOpenDialog(owner.get()));
    }

    @Override
    public Path chooseTrace(Path folder) {
        FileChooser fc = chooser("Import a scheduler trace", folder != null ? folder : lastDir == null ? null : lastDir.toPath());
        fc.getExtensionFilters().addAll(
                new FileChooser.ExtensionFilter("Trace (*.txt, *.gz, *.dat, trace)", "*.txt", "*.gz", "*.dat", "trace"),
                new FileChooser.ExtensionFilter("Any file", "*"));
        return remember(fc.showOpenDialog(owner.get()));
    }

    @Override
    public Path chooseFolder(String title, Path initial) {
        DirectoryChooser dc = new DirectoryChooser();
        dc.setTitle(title);
        File start = initial == null ? null : initial.toFile();
        while (start != null && !start.isDirectory()) {
            start = start.getParentFile();
        }
        if (start != null) {
            dc.setInitialDirectory(start);
        }
        File f = dc.showDialog(owner.get());
        return f == null ? null : f.toPath();
    }

    /** A chooser titled {@code title} that opens in {@code folder}, else the user's home (not the working folder). */
    private FileChooser chooser(String title, Path folder) {
        FileChooser fc = new FileChooser();
        fc.setTitle(title);
        File start = folder != null && folder.toFile().isDirectory() ? folder.toFile()
                : new File(System.getProperty("user.home"));
        if (start.isDirectory()) {
            fc.setInitialDirectory(start);
        }
        return fc;
    }

    private Path remember(File f) {
        if (f == null) {
            return null;
        }
        lastDir = f.getParentFile();
        return f.toPath();
    }

    @Override
    public int[] askSize(int width, int height) {
        Dialog<int[]> d = new Dialog<>();
        d.initOwner(owner.get());
        fit(d, "Export size");
        d.setHeaderText("Size of the exported chart (pixels; points for PDF)");
        Spinner<Integer> w = new Spinner<>(100, 10000, width, 100);
        Spinner<Integer> h = new Spinner<>(100, 10000, height, 100);
        w.setEditable(true);
        h.setEditable(true);
        GridPane g = new GridPane();
        g.setHgap(8);
        g.setVgap(8);
        g.addRow(0, new Label("Width"), w);
        g.addRow(1, new Label("Height"), h);
        d.getDialogPane().setContent(g);
        d.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        d.setResultConverter(b -> b == ButtonType.OK ? new int[] {w.getValue(), h.getValue()} : null);
        return d.showAndWait().orElse(null);
    }

    /** The last export's options: the next export starts from them. */
    private ExportOptions lastExport;

    @Override
    public ExportOptions askExport(ExportOptions suggested) {
        ExportOptions o = ExportOptionsDialog.ask(owner.get(), lastExport != null ? lastExport : suggested);
        if (o != null) {
            lastExport = o;
        }
        return o;
    }

    @Override
    public void error(String title, String message) {
        Alert a = new Alert(Alert.AlertType.ERROR);
        a.initOwner(owner.get());
        fit(a, title);
        a.setHeaderText(title);
        a.getDialogPane().setContent(messageArea(message));
        a.showAndWait();
    }

    /**
     * A long message as read-only wrapped text, tall enough for it (up to 12 lines, then it
     * scrolls), never the 1.5 lines a collapsed pane left; a dialog narrowed to the main window
     * wraps it more ({@link #fit}).
     */
    private static TextArea messageArea(String message) {
        TextArea t = new TextArea(message);
        t.setEditable(false);
        t.setWrapText(true);
        long lines = message.lines().count() + message.length() / 60;
        t.setPrefRowCount((int) Math.max(3, Math.min(12, lines)));
        t.setPrefColumnCount(60);
        t.setMinHeight(Region.USE_PREF_SIZE);
        t.setMinWidth(0);
        return t;
    }

    /** Messages longer than this are shown as {@link #messageArea}: the About text ran 1928 px tall at zoom 2. */
    private static final int SHORT_MESSAGE = 240;

    /** A message of at least this many lines is a list (the keyboard shortcuts), shown whole ({@link #wholeList}). */
    private static final int LIST_LINES = 8;

    @Override
    public void info(String title, String message) {
        Alert a = new Alert(Alert.AlertType.INFORMATION, message);
        a.initOwner(owner.get());
        fit(a, title);
        a.setHeaderText(title);
        if (message.lines().count() >= LIST_LINES) {
            a.getDialogPane().setContent(wholeList(message, room(owner.get()).getHeight(), zoomOf(owner.get())));
        } else if (message.length() > SHORT_MESSAGE) {
            a.getDialogPane().setContent(messageArea(message));
        }
        a.showAndWait();
    }

    /**
     * A list shown whole (issue 30 item 7: the shortcuts sat in a 12-row scroll box): a wrapping
     * label the dialog is sized to, in a pane that scrolls only when the list is taller than the
     * room {@code height} (less the header and the button); no frame of its own.
     */
    static ScrollPane wholeList(String message, double height, double zoom) {
        Label text = new Label(message);
        text.setId("wholeList");
        text.setWrapText(true);
        text.setMinHeight(Region.USE_PREF_SIZE);
        double width = 640 * zoom;
        text.setPrefWidth(width);
        ScrollPane pane = new ScrollPane(text);
        pane.setFitToWidth(true);
        pane.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        // no frame; not -fx-background: transparent, from which modena's text ladder picks white text
        pane.setStyle("-fx-background-color: transparent; -fx-padding: 0;");
        text.setPadding(new Insets(0, 12 * zoom, 0, 12 * zoom));
        text.setPrefWidth(width + 24 * zoom); // the padding beside the text's own width, so it wraps as before
        double room = Math.max(120, height - 200 * zoom);
        // the label's height at its width, from its font and lines: the list whole unless the room is less
        double lineHeight = Font.getDefault().getSize() * 1.4 * zoom
                * (BASE_FONT / Font.getDefault().getSize());
        long lines = 0;
        for (String line : message.split("\n")) {
            lines += Math.max(1, (long) Math.ceil(line.length() * 0.55 * BASE_FONT * zoom / width));
        }
        pane.setPrefViewportWidth(width + 24 * zoom);
        pane.setPrefViewportHeight(Math.min(room, lines * lineHeight));
        // then the label's height as laid out, before the window is fitted to its scene once more ({@link #place})
        text.heightProperty().addListener((o, a, h) -> {
            if (h.doubleValue() > 0) {
                pane.setPrefViewportHeight(Math.min(room, h.doubleValue()));
            }
        });
        return pane;
    }
}
