package org.vmsched.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Callable;
import org.vmsched.chart.ChartKind;
import org.vmsched.io.OpenedFile;
import org.vmsched.model.InvalidScenarioException;
import org.vmsched.model.Limits;
import org.vmsched.model.Scenario;
import org.vmsched.report.AnalysisReport;
import org.vmsched.ui.app.VmschedLauncher;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code vmsched gui [FILE] [--snapshot OUT.png [--snapshot-tab CHART] [--simulate MODE]]}: opens the
 * desktop tool. A bad FILE is
 * reported (exit 2) before any window opens.
 */
@Command(name = "gui", mixinStandardHelpOptions = true,
        description = "Open the desktop tool, with FILE or the thesis example.")
public final class GuiCommand implements Callable<Integer> {

    @Parameters(index = "0", arity = "0..1", paramLabel = "FILE", description = "Scenario or exercise file to open (an exercise opens in the Exercises window).")
    Path file;

    @Option(names = "--snapshot", paramLabel = "OUT.png",
            description = "Render the main window to a PNG file once the analysis is done, then exit.")
    Path snapshot;

    @Option(names = "--snapshot-tab", paramLabel = "CHART", completionCandidates = SnapshotTabs.class,
            description = "With --snapshot: the chart tab to show, one of ${COMPLETION-CANDIDATES} "
                    + "(experiment: the experiment dialog after a one-set run of the thesis Tmax study, results in a temporary folder).")
    String snapshotTab;

    @Option(names = "--present",
            description = "With --snapshot and --snapshot-tab CHART: show that chart in present mode (full window, large type).")
    boolean present;

    @Option(names = "--simulate", paramLabel = "MODE",
            description = "With --snapshot: run the simulation in MODE (synchronous or worst-case) before the snapshot.")
    String simulate;

    /** What --snapshot-tab accepts: the charts' names ({@link ChartKind#id()}) and "experiment". */
    static final class SnapshotTabs implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            List<String> names = new ArrayList<>();
            for (ChartKind k : ChartKind.values()) {
                names.add(k.id());
            }
            names.add("experiment");
            return names.iterator();
        }
    }

    @Override
    public Integer call() {
        List<String> args = new ArrayList<>();
        Scenario scenario = null;
        if (file != null) {
            try {
                OpenedFile opened = OpenedFile.load(file);
                scenario = opened instanceof OpenedFile.ScenarioFile f ? f.scenario()
                        : ((OpenedFile.ExerciseFile) opened).exercise().scenario();
            } catch (InvalidScenarioException e) {
                throw new BadInputException(e.getMessage());
            }
            args.add(file.toString());
        }
        if (snapshot != null) {
            Path dir = snapshot.toAbsolutePath().getParent();
            if (dir == null || !Files.isDirectory(dir)) {
                throw new BadInputException("--snapshot: " + dir + ": no such folder");
            }
            args.add("--snapshot");
            args.add(snapshot.toString());
        } else if (snapshotTab != null || simulate != null || present) {
            throw new BadInputException("--snapshot-tab, --simulate and --present only go with --snapshot");
        }
        if (snapshotTab != null) {
            if (ChartKind.byId(snapshotTab) == null && !snapshotTab.equals("experiment")) {
                throw new BadInputException("--snapshot-tab: expected one of " + String.join(", ", new SnapshotTabs())
                        + ", got " + Limits.quote(snapshotTab));
            }
            args.add("--snapshot-tab");
            args.add(snapshotTab);
        }
        if (present) {
            if (snapshotTab == null || ChartKind.byId(snapshotTab) == null) {
                throw new BadInputException("--present needs --snapshot-tab with a chart");
            }
            // the picture is that chart alone: of a chart with nothing drawn it would be a picture of nothing
            ChartKind kind = ChartKind.byId(snapshotTab);
            String why = kind.simulated()
                    ? (simulate == null ? "no simulation (give --simulate synchronous or worst-case)" : null)
                    : scenario == null ? null : AnalysisReport.of(scenario).noCurvesReason();
            if (why != null) {
                throw new BadInputException("--present: " + kind.nothingToDraw(why));
            }
            args.add("--present");
        }
        if (simulate != null) {
            CliSupport.mode("--simulate", simulate);
            args.add("--simulate");
            args.add(simulate);
        }
        launch(args.toArray(new String[0]));
        return 0;
    }

    /** Starts the GUI; a missing display becomes a clear error instead of a stack trace. */
    static void launch(String[] args) {
        try {
            VmschedLauncher.main(args);
        } catch (UnsupportedOperationException | IllegalStateException e) {
            throw new BadInputException("cannot open a window (" + e.getMessage()
                    + "); use a subcommand such as 'analyze', or run under a display");
        }
    }
}
