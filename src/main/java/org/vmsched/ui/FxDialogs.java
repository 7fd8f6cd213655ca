package org.vmsched.ui;

import java.io.File;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Supplier;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextArea;
import javafx.scene.layout.GridPane;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/** {@link Dialogs} with JavaFX alerts and file choosers. Use on the FX thread. */
public final class FxDialogs implements Dialogs {

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
        a.setHeaderText("Unsaved changes");
        Optional<ButtonType> r = a.showAndWait();
        if (r.isEmpty() || r.get() == ButtonType.CANCEL) {
            return Unsaved.CANCEL;
        }
        return r.get() == save ? Unsaved.SAVE : Unsaved.DISCARD;
    }

    @Override
    public Path chooseOpen() {
        FileChooser fc = chooser("Open scenario");
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("Scenario (*.json)", "*.json"));
        File f = fc.showOpenDialog(owner.get());
        return remember(f);
    }

    @Override
    public Path chooseSave(String title, String suggestedName, String... extensions) {
        FileChooser fc = chooser(title);
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
    public Path chooseExperiment() {
        FileChooser fc = chooser("Open experiment file");
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("Experiment (*.json)", "*.json"));
        return remember(fc.showOpenDialog(owner.get()));
    }

    @Override
    public Path chooseFolder(String title, Path initial) {
        javafx.stage.DirectoryChooser dc = new javafx.stage.DirectoryChooser();
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

    private FileChooser chooser(String title) {
        FileChooser fc = new FileChooser();
        fc.setTitle(title);
        if (lastDir != null && lastDir.isDirectory()) {
            fc.setInitialDirectory(lastDir);
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
        d.setTitle("Export size");
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
    private org.vmsched.chart.ExportOptions lastExport;

    @Override
    public org.vmsched.chart.ExportOptions askExport(org.vmsched.chart.ExportOptions suggested) {
        org.vmsched.chart.ExportOptions o = ExportOptionsDialog.ask(owner.get(), lastExport != null ? lastExport : suggested);
        if (o != null) {
            lastExport = o;
        }
        return o;
    }

    @Override
    public void error(String title, String message) {
        Alert a = new Alert(Alert.AlertType.ERROR);
        a.initOwner(owner.get());
        a.setTitle(title);
        a.setHeaderText(title);
        TextArea t = new TextArea(message);
        t.setEditable(false);
        t.setWrapText(true);
        t.setPrefRowCount(5);
        a.getDialogPane().setContent(t);
        a.showAndWait();
    }

    @Override
    public void info(String title, String message) {
        Alert a = new Alert(Alert.AlertType.INFORMATION, message);
        a.initOwner(owner.get());
        a.setTitle(title);
        a.setHeaderText(title);
        a.showAndWait();
    }
}
