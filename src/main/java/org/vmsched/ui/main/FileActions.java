package org.vmsched.ui.main;

import java.awt.Dimension;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.embed.swing.SwingFXUtils;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.stage.WindowEvent;
import org.jfree.chart.JFreeChart;
import org.vmsched.chart.ChartCsv;
import org.vmsched.chart.ChartKind;
import org.vmsched.chart.ChartStyle;
import org.vmsched.chart.ExportOptions;
import org.vmsched.exercise.Exercise;
import org.vmsched.io.AtomicFiles;
import org.vmsched.io.ChartExport;
import org.vmsched.io.ReportPdf;
import org.vmsched.io.ResultTables;
import org.vmsched.model.InvalidScenarioException;
import org.vmsched.model.Problem;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.report.PrintedReport;
import org.vmsched.text.Format;
import org.vmsched.ui.Dialogs;
import org.vmsched.ui.analysis.ChartsView;
import org.vmsched.ui.analysis.ResultRow;
import org.vmsched.ui.exercise.ExerciseView;
import org.vmsched.ui.exercise.ExerciseViewModel;
import org.vmsched.ui.experiment.ExperimentView;
import org.vmsched.ui.experiment.ExperimentViewModel;

/**
 * The File and Tools actions of the main window: new, open, save (asking through {@link Dialogs}
 * about unsaved changes and where to write), chart, table and report exports, quitting, and the
 * experiment dialog. FX thread only.
 */
public final class FileActions implements ChartsView.ChartExports {

    private final MainViewModel vm;
    private final Dialogs dialogs;
    private final Supplier<Window> window;
    private final Function<ChartKind, JFreeChart> charts;
    private ExperimentView experiments;
    private ExerciseView exercises;
    private BooleanSupplier presenting = () -> false;
    private Consumer<Runnable> atBaseFonts = Runnable::run;
    private Supplier<ChartKind> current = () -> ChartKind.TMAX;

    /** {@code window}: the main window (null before it shows); {@code charts}: the chart shown for a kind. */
    public FileActions(MainViewModel vm, Dialogs dialogs, Supplier<Window> window, Function<ChartKind, JFreeChart> charts) {
        this.vm = vm;
        this.dialogs = dialogs;
        this.window = window;
        this.charts = charts;
    }

    /** How to run a chart export so that it does not carry the screen's zoom (the charts' fonts at base size). */
    public void setChartFontReset(Consumer<Runnable> atBaseFonts) {
        this.atBaseFonts = atBaseFonts;
    }

    /** Which chart File > Print prints: the one in view (the Tmax curve until the window says). */
    public void setCurrentChart(Supplier<ChartKind> current) {
        this.current = current;
    }

    /**
     * File > Print: the chart in view, drawn as an export is (the screen's zoom left out), on the
     * default printer after the print dialog; without a printer the status line says so.
     */
    public void print() {
        ChartKind kind = current.get() != null ? current.get() : ChartKind.TMAX;
        vm.print(ChartPrinting.system(() -> {
            JFreeChart c = charts.apply(kind);
            if (c == null || ChartStyle.emptyReason(c) != null) {
                return null;
            }
            BufferedImage[] img = new BufferedImage[1];
            atBaseFonts.accept(() -> img[0] = c.createBufferedImage(1600, 1000));
            return SwingFXUtils.toFXImage(img[0], null);
        }, window.get()), kind.title());
    }

    /** Whether the window is in present mode (an Exercises window then opens in present mode too). */
    public void setPresenting(BooleanSupplier presenting) {
        this.presenting = presenting;
    }

    /**
     * True when it is fine to drop the current scenario (saved, discarded or unmodified). While an
     * exercise's scenario is shown, the Exercises window closes first and the question is about the
     * user's own scenario, back in the editor: that is the one New, Open or Quit would drop.
     */
    public boolean confirmDiscard() {
        closeExercise();
        if (!vm.modifiedProperty().get()) {
            return true;
        }
        return switch (dialogs.askUnsaved(vm.displayNameProperty().get())) {
            case SAVE -> save();
            case DISCARD -> true;
            case CANCEL -> false;
        };
    }

    public void newScenario() {
        if (confirmDiscard()) {
            vm.newScenario();
        }
    }

    public void open() {
        if (!confirmDiscard()) {
            return;
        }
        Path p = dialogs.chooseOpen(vm.dialogFolder());
        vm.dialogUsed(p);
        if (p != null) {
            openPath(p);
        }
    }

    /**
     * File > Import Trace…: a Linux scheduler trace of a run of the scenario (export-config --target
     * rt-app, then run.sh), read off the FX thread; the status line says what it found or why not.
     */
    public void importTrace() {
        Path p = dialogs.chooseTrace(vm.dialogFolder());
        vm.dialogUsed(p);
        if (p != null) {
            vm.importTrace(p);
        }
    }

    /**
     * Opens a file, read off the FX thread ({@link MainViewModel#openInBackground}); a bad one
     * shows the loader's message and keeps the current scenario.
     */
    public void openPath(Path p) {
        vm.openInBackground(p, e -> dialogs.error("Cannot open " + p.getFileName(), e.getMessage()), this::confirmDiscard,
                e -> openExercise(e, p));
    }

    /** Opens a recent file after asking about unsaved changes. */
    public void openRecent(Path p) {
        if (confirmDiscard()) {
            openPath(p);
        }
    }

    public void openExample(String name) {
        if (!confirmDiscard()) {
            return;
        }
        try {
            vm.openExample(name);
        } catch (InvalidScenarioException e) {
            dialogs.error("Cannot open example " + name, e.getMessage());
        }
    }

    public boolean save() {
        try {
            if (vm.save()) {
                return true;
            }
        } catch (InvalidScenarioException e) {
            refused(e);
            return false;
        } catch (IOException e) {
            dialogs.error("Cannot save", e.getMessage());
            return false;
        }
        return saveAs();
    }

    public boolean saveAs() {
        try {
            vm.checkSavable(); // before asking where: a scenario with problems is not written anywhere
        } catch (InvalidScenarioException e) {
            refused(e);
            return false;
        }
        Path p = dialogs.chooseSave(vm.dialogFolder(), "Save scenario", suggested("json"), "json");
        vm.dialogUsed(p);
        if (p == null) {
            return false;
        }
        try {
            vm.saveAs(p);
            return true;
        } catch (InvalidScenarioException e) {
            refused(e);
            return false;
        } catch (IOException e) {
            dialogs.error("Cannot save " + p.getFileName(), e.getMessage());
            return false;
        }
    }

    /** Tells why the scenario was not saved: each problem on its own line. */
    private void refused(InvalidScenarioException e) {
        int n = e.problems().size();
        StringBuilder b = new StringBuilder(n == 1 ? "The scenario has a problem:" : "The scenario has " + n + " problems:");
        for (Problem p : e.problems()) {
            b.append("\n  • ").append(p);
        }
        b.append("\n\nCorrect the values marked red (or undo them), then save again. Nothing was written.");
        dialogs.error(n == 1 ? "Not saved: 1 problem" : "Not saved: " + n + " problems", b.toString());
    }

    private String suggested(String ext) {
        String n = vm.displayNameProperty().get().replace(" (example)", "").replaceAll("\\.json$", "");
        return n.replaceAll("[^A-Za-z0-9._-]", "_") + "." + ext;
    }

    /** Asks the window to close, as its close button does (unsaved changes are asked about there). */
    public void quit() {
        Window w = window.get();
        if (w != null) {
            w.fireEvent(new WindowEvent(w, WindowEvent.WINDOW_CLOSE_REQUEST));
        }
    }

    /** What the status says when an export came out taller than asked (a Gantt chart's lanes); "" otherwise. */
    static String grown(ExportOptions asked, Dimension written) {
        if (written == null || written.height <= asked.height()) {
            return "";
        }
        return " at " + written.width + " × " + written.height + " (taller than " + asked.height()
                + " so that every lane is labelled at " + Format.upTo(asked.fontSize(), 1) + " pt)";
    }

    /** Exports a chart as PNG, SVG, PDF or pgfplots (.tex) (by the chosen file's extension) at a chosen size and font size. */
    @Override
    public void exportChart(ChartKind kind) {
        if (refusedEmpty(kind)) {
            return;
        }
        ExportOptions options = dialogs.askExport(ExportOptions.defaults());
        if (options == null) {
            return;
        }
        Path p = dialogs.chooseSave(vm.dialogFolder(), "Export " + kind.title(), suggested(kind.id() + ".png"),
                "png", "svg", "pdf", "tex");
        vm.dialogUsed(p);
        if (p == null) {
            return;
        }
        IOException[] failed = new IOException[1];
        Dimension[] written = new Dimension[1];
        atBaseFonts.accept(() -> {
            try {
                // a copy restyled for print: font size, no window hints
                written[0] = ChartExport.write(charts.apply(kind), p, options);
            } catch (IOException e) {
                failed[0] = e;
            }
        });
        if (failed[0] != null) {
            dialogs.error("Cannot export", failed[0].getMessage());
        } else {
            vm.statusProperty().set("Exported " + p.getFileName() + grown(options, written[0]));
        }
    }

    @Override
    public void exportChartCsv(ChartKind kind) {
        if (refusedEmpty(kind)) {
            return;
        }
        Path p = dialogs.chooseSave(vm.dialogFolder(), "Export data of " + kind.title(), kind.id() + ".csv", "csv");
        vm.dialogUsed(p);
        if (p == null) {
            return;
        }
        writeText(p, ChartCsv.toCsv(charts.apply(kind)));
    }

    /**
     * Refuses to export chart {@code kind} when it has nothing drawn (a policy's chart that is not
     * drawn for it, a simulation chart before a run): a picture or CSV of nothing reads as a result.
     * The status line and the "Cannot export" dialog say which chart and why; true when refused.
     */
    private boolean refusedEmpty(ChartKind kind) {
        String why = ChartStyle.emptyReason(charts.apply(kind));
        if (why == null) {
            return false;
        }
        String message = kind.nothingToDraw(why) + "; nothing was written";
        vm.statusProperty().set(message);
        dialogs.error("Cannot export", message);
        return true;
    }

    public void exportTables() {
        Path p = dialogs.chooseSave(vm.dialogFolder(), "Export tables", suggested("csv"), "csv");
        vm.dialogUsed(p);
        if (p == null) {
            return;
        }
        // from the model and the analysis result, not from the verdict table's display strings
        writeText(p, ResultTables.csv(vm.scenario(), vm.analysis().resultProperty().get(),
                vm.analysis().messageProperty().get()));
    }

    private void writeText(Path p, String text) {
        try {
            AtomicFiles.write(p, tmp -> Files.writeString(tmp, text, StandardCharsets.UTF_8));
            vm.statusProperty().set("Exported " + p.getFileName());
        } catch (IOException e) {
            dialogs.error("Cannot export", e.getMessage());
        }
    }

    public void exportReport() {
        Path p = dialogs.chooseSave(vm.dialogFolder(), "Export report", suggested("pdf"), "pdf");
        vm.dialogUsed(p);
        if (p == null) {
            return;
        }
        PrintedReport report = vm.printedReport();
        List<JFreeChart> all = new ArrayList<>();
        for (ChartKind c : ChartKind.values()) {
            if (!c.simulated() || report.simulationPages()) { // no empty Gantt or response-time pages
                all.add(charts.apply(c));
            }
        }
        IOException[] failed = new IOException[1];
        List<List<Integer>> lacking = new ArrayList<>(); // the characters the report's fonts lack, printed as U+FFFD
        atBaseFonts.accept(() -> {
            try {
                lacking.add(ReportPdf.write(p, report.title(), report.lines(), all));
            } catch (IOException e) {
                failed[0] = e;
            }
        });
        if (failed[0] != null) {
            dialogs.error("Cannot export the report", failed[0].getMessage());
        } else {
            vm.statusProperty().set("Exported report " + p.getFileName()
                    + (lacking.isEmpty() || lacking.get(0).isEmpty() ? "" : "; " + ReportPdf.notice(lacking.get(0))));
        }
    }

    /**
     * Opens the experiment dialog (one per main window; a second call brings it to the front)
     * with the first bundled study, or asks for an experiment file when {@code file}.
     */
    public ExperimentView openExperiments(boolean file) {
        if (experiments == null || experiments.getScene() == null || !experiments.getScene().getWindow().isShowing()) {
            experiments = ExperimentView.open(window.get(), dialogs, new ExperimentView.Folders() {
                @Override
                public Path folder() {
                    return vm.dialogFolder();
                }

                @Override
                public void used(Path chosen) {
                    vm.dialogUsed(chosen);
                }
            });
            if (!file && !ExperimentViewModel.builtIns().isEmpty()) {
                experiments.loadBuiltIn(ExperimentViewModel.builtIns().get(0));
            }
        }
        ((Stage) experiments.getScene().getWindow()).toFront();
        if (file) {
            experiments.openFile();
        }
        return experiments;
    }

    /**
     * Tools &gt; Exercises…, or an exercise file opened: the Exercises window (one per main window; a
     * second call brings it to the front) showing {@code e} opened from {@code file}, or a new
     * exercise when {@code e} is null and it shows none. While it shows one, the editor shows that
     * exercise's scenario, read-only; closing it gives the editor back the user's scenario.
     */
    public ExerciseView openExercise(Exercise e, Path file) {
        if (exercises == null || exercises.getScene() == null || !exercises.getScene().getWindow().isShowing()) {
            ExerciseViewModel model = new ExerciseViewModel();
            model.exerciseProperty().addListener((o, a, shown) -> {
                if (shown != null) {
                    vm.showExercise(shown, model.file());
                }
            });
            exercises = ExerciseView.open(window.get(), model, presenting.getAsBoolean());
            exercises.getScene().getWindow().addEventHandler(WindowEvent.WINDOW_HIDDEN, x -> vm.closeExercise());
        }
        if (e != null) {
            exercises.viewModel().show(e, file);
        } else if (exercises.viewModel().exercise() == null) {
            exercises.viewModel().newExercise();
        }
        ((Stage) exercises.getScene().getWindow()).toFront();
        return exercises;
    }

    /** Closes the Exercises window, if open, and gives the editor back the user's scenario. */
    public void closeExercise() {
        if (exercises != null && exercises.getScene() != null && exercises.getScene().getWindow().isShowing()) {
            ((Stage) exercises.getScene().getWindow()).close(); // its WINDOW_HIDDEN closes the exercise in the editor
        }
        vm.closeExercise();
    }
}
