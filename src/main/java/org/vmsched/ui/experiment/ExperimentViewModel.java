package org.vmsched.ui.experiment;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executor;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.vmsched.chart.ExperimentCharts;
import org.vmsched.experiment.Experiment;
import org.vmsched.experiment.ExperimentResult;
import org.vmsched.experiment.ExperimentRunner;
import org.vmsched.experiment.ExperimentValidator;
import org.vmsched.experiment.InvalidExperimentException;
import org.vmsched.io.ExperimentJson;
import org.vmsched.io.ExperimentResults;
import org.vmsched.model.Limits;
import org.vmsched.model.Problem;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;
import org.vmsched.ui.Background;
import org.vmsched.ui.ResourceIndex;

/**
 * The experiment dialog's state: the experiment (a bundled study or a file), the seed, the
 * number of task sets per cell and the results folder as typed (each validated with a message
 * naming the field), Run with progress and Cancel, then the figures and the folder written.
 * The run (computing, then writing the folder atomically with {@link ExperimentResults#write})
 * happens on {@link Background}; progress and the outcome come back through {@code ui}. Use
 * from the ui thread only.
 */
public final class ExperimentViewModel {

    /** The index of the bundled experiment files, one file name a line. */
    public static final String INDEX = "/org/vmsched/ui/experiments.txt";

    /** Where the bundled experiment files are in the jar. */
    public static final String FOLDER = "/scenarios/experiments/";

    /** Share of the progress bar for computing; the rest is writing the folder. */
    private static final double COMPUTE_SHARE = 0.85;

    private final Executor ui;
    private final Background background;
    private final int threads;
    private Cancellation cancellation;

    private final ObjectProperty<Experiment> experiment = new SimpleObjectProperty<>();
    private final StringProperty source = new SimpleStringProperty("");
    private final StringProperty description = new SimpleStringProperty("Choose a study or an experiment file.");
    private final StringProperty seed = new SimpleStringProperty("");
    private final StringProperty sets = new SimpleStringProperty("");
    private final StringProperty folder = new SimpleStringProperty("");
    private final StringProperty seedError = new SimpleStringProperty();
    private final StringProperty setsError = new SimpleStringProperty();
    private final StringProperty folderError = new SimpleStringProperty();
    private final BooleanProperty running = new SimpleBooleanProperty(false);
    private final DoubleProperty progress = new SimpleDoubleProperty(0);
    private final StringProperty status = new SimpleStringProperty("");
    private final ObservableList<ExperimentCharts.Figure> figures = FXCollections.observableArrayList();
    private final StringProperty writtenFolder = new SimpleStringProperty("");
    private final BooleanBinding canRun;

    /** {@code threads}: worker threads of the {@link ExperimentRunner} (≥ 1; results do not depend on it). */
    public ExperimentViewModel(Executor ui, Background background, int threads) {
        this.ui = ui;
        this.background = background;
        this.threads = threads;
        seed.addListener((o, a, b) -> validateSeed());
        sets.addListener((o, a, b) -> validateSets());
        folder.addListener((o, a, b) -> validateFolder());
        canRun = Bindings.createBooleanBinding(() -> experiment.get() != null && !running.get() && seedError.get() == null
                && setsError.get() == null && folderError.get() == null, experiment, running, seedError, setsError, folderError);
    }

    /** The bundled experiment files' names, e.g. "thesis-tmax.json". */
    public static List<String> builtIns() {
        return ResourceIndex.lines(ExperimentViewModel.class, INDEX);
    }

    /** Loads a bundled experiment; the results folder defaults to results/NAME in the working folder. */
    public void loadBuiltIn(String name) throws InvalidExperimentException {
        try (InputStream in = ExperimentViewModel.class.getResourceAsStream(FOLDER + name)) {
            if (in == null) {
                throw new InvalidExperimentException(name, "no such bundled experiment");
            }
            use(ExperimentJson.load(name, in), name);
        } catch (IOException e) {
            throw new InvalidExperimentException(name, e.getMessage());
        }
    }

    /** Loads an experiment file; a bad one throws with the loader's message and keeps the current one. */
    public void loadFile(Path file) throws InvalidExperimentException {
        use(ExperimentJson.load(file), file.getFileName().toString());
    }

    private void use(Experiment e, String name) {
        experiment.set(e);
        source.set(name);
        description.set(e.name() + ": " + e.study().kind() + " study. " + e.description());
        seed.set(Long.toString(e.seed()));
        sets.set(Integer.toString(e.sets()));
        folder.set(Path.of("results", name.replaceAll("\\.json$", "")).toAbsolutePath().toString());
        figures.clear();
        writtenFolder.set("");
        progress.set(0);
        status.set("Ready: " + e.sets() + " task sets per cell.");
        validateSeed();
        validateSets();
        validateFolder();
    }

    private Long seedValue() {
        try {
            return Long.parseLong(seed.get().trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private Integer setsValue() {
        try {
            return Integer.parseInt(sets.get().trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private void validateSeed() {
        if (experiment.get() == null) {
            seedError.set(null);
            return;
        }
        seedError.set(seedValue() == null ? "seed must be a whole number (64-bit), got " + Limits.quote(seed.get().trim()) : null);
    }

    private void validateSets() {
        if (experiment.get() == null) {
            setsError.set(null);
            return;
        }
        Integer n = setsValue();
        if (n == null) {
            setsError.set("task sets must be a whole number, got " + Limits.quote(sets.get().trim()));
            return;
        }
        for (Problem p : ExperimentValidator.problems(experiment.get().withSets(n))) {
            if (p.path().equals("sets")) {
                setsError.set("task sets " + p.message());
                return;
            }
        }
        setsError.set(null);
    }

    private void validateFolder() {
        if (experiment.get() == null) {
            folderError.set(null);
            return;
        }
        String f = folder.get() == null ? "" : folder.get().trim();
        if (f.isEmpty()) {
            folderError.set("results folder: choose a folder");
            return;
        }
        try {
            String p = ExperimentResults.targetProblem(Path.of(f));
            folderError.set(p == null ? null : "results folder: " + p);
        } catch (InvalidPathException e) {
            folderError.set("results folder: not a valid path: " + e.getMessage());
        }
    }

    /** The experiment with the typed seed and sets, or null when a field is bad. */
    public Experiment configured() {
        validateSeed();
        validateSets();
        validateFolder();
        if (!canRun.get() && !running.get()) {
            return null;
        }
        return experiment.get().withSeed(seedValue()).withSets(setsValue());
    }

    /** Starts the run; refused with a status message when a field is bad or a run is going. */
    public void run() {
        if (running.get()) {
            return;
        }
        Experiment e = experiment.get() == null ? null : configured();
        if (e == null) {
            status.set(experiment.get() == null ? "Choose a study or an experiment file first."
                    : "Cannot run: " + firstError());
            return;
        }
        Path dir = Path.of(folder.get().trim());
        Cancellation c = new Cancellation();
        cancellation = c;
        running.set(true);
        progress.set(0);
        figures.clear();
        writtenFolder.set("");
        status.set("Computing " + e.name() + "…");
        Progress bar = Background.onUi(ui, (done, total, what) -> {
            if (cancellation == c && running.get()) {
                progress.set(Progress.ratio(done, total));
            }
        });
        background.schedule(() -> {
            try {
                ExperimentResult result = new ExperimentRunner(threads).run(e, bar.part(0, COMPUTE_SHARE, null), c);
                post(c, () -> status.set("Writing the results folder…"));
                List<ExperimentCharts.Figure> figs = ExperimentCharts.figures(result);
                List<ExperimentResults.ChartFile> files = new ArrayList<>();
                for (ExperimentCharts.Figure f : figs) {
                    files.add(new ExperimentResults.ChartFile(f.name(), f.chart(), f.width(), f.height()));
                }
                List<Path> written = ExperimentResults.write(result, files, dir, bar.part(COMPUTE_SHARE, 1 - COMPUTE_SHARE, null), c);
                String done = String.format(Locale.ROOT, "Done: %d figures, %d files written to %s", figs.size(), written.size(),
                        dir.toAbsolutePath().normalize());
                ui.execute(() -> finish(c, done, figs, dir.toAbsolutePath().normalize().toString()));
            } catch (CancelledException ex) {
                ui.execute(() -> finish(c, "Cancelled: no results folder written.", null, null));
            } catch (InvalidExperimentException ex) {
                ui.execute(() -> finish(c, "Cannot run: " + ex.getMessage(), null, null));
            } catch (IOException ex) {
                ui.execute(() -> finish(c, "Cannot write the results folder " + dir + ": " + ex.getMessage(), null, null));
            } catch (RuntimeException ex) {
                ui.execute(() -> finish(c, "Experiment failed: " + ex, null, null));
            }
        }, c, 0);
    }

    private String firstError() {
        for (StringProperty p : List.of(seedError, setsError, folderError)) {
            if (p.get() != null) {
                return p.get();
            }
        }
        return "check the fields";
    }

    private void post(Cancellation c, Runnable r) {
        ui.execute(() -> {
            if (cancellation == c && running.get()) {
                r.run();
            }
        });
    }

    private void finish(Cancellation c, String message, List<ExperimentCharts.Figure> figs, String dir) {
        if (cancellation != c) {
            return;
        }
        running.set(false);
        status.set(message);
        if (figs != null) {
            progress.set(1);
            figures.setAll(figs);
            writtenFolder.set(dir);
            validateFolder(); // the folder is now a results folder: running again replaces it
        } else {
            progress.set(0);
        }
    }

    /** Asks the run to stop; the status says "Cancelled…" once it has. */
    public void cancel() {
        if (cancellation != null && running.get()) {
            cancellation.cancel();
            status.set("Cancelling…");
        }
    }

    public ObjectProperty<Experiment> experimentProperty() {
        return experiment;
    }

    /** The file name of the loaded experiment, e.g. "thesis-tmax.json". */
    public StringProperty sourceProperty() {
        return source;
    }

    public StringProperty descriptionProperty() {
        return description;
    }

    public StringProperty seedProperty() {
        return seed;
    }

    public StringProperty setsProperty() {
        return sets;
    }

    public StringProperty folderProperty() {
        return folder;
    }

    /** Null when the seed is fine, else the message. */
    public StringProperty seedErrorProperty() {
        return seedError;
    }

    public StringProperty setsErrorProperty() {
        return setsError;
    }

    public StringProperty folderErrorProperty() {
        return folderError;
    }

    public BooleanProperty runningProperty() {
        return running;
    }

    /** True when an experiment is loaded, every field is valid and nothing runs. */
    public BooleanBinding canRunProperty() {
        return canRun;
    }

    public DoubleProperty progressProperty() {
        return progress;
    }

    public StringProperty statusProperty() {
        return status;
    }

    /** The figures of the last finished run, in file order. */
    public ObservableList<ExperimentCharts.Figure> figures() {
        return figures;
    }

    /** The absolute results folder of the last finished run, or "". */
    public StringProperty writtenFolderProperty() {
        return writtenFolder;
    }
}
