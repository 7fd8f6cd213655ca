package org.vmsched.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.vmsched.ui.VmschedLauncher;
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

    @Parameters(index = "0", arity = "0..1", paramLabel = "FILE", description = "Scenario file to open.")
    Path file;

    @Option(names = "--snapshot", paramLabel = "OUT.png",
            description = "Render the main window to a PNG file once the analysis is done, then exit.")
    Path snapshot;

    @Option(names = "--snapshot-tab", paramLabel = "CHART",
            description = "With --snapshot: the chart tab to show, one of ${COMPLETION-CANDIDATES} "
                    + "(experiment: the experiment dialog after a one-set run of the thesis Tmax study, results in a temporary folder).")
    SnapshotTab snapshotTab;

    @Option(names = "--simulate", paramLabel = "MODE",
            description = "With --snapshot: run the simulation in MODE (synchronous or worst-case) before the snapshot.")
    String simulate;

    /** The chart tabs --snapshot-tab accepts (as MainView names them). */
    enum SnapshotTab { tmax, map, ratio, supply, gantt, cdf, experiment }

    @Override
    public Integer call() {
        List<String> args = new ArrayList<>();
        if (file != null) {
            CliSupport.load(file);
            args.add(file.toString());
        }
        if (snapshot != null) {
            Path dir = snapshot.toAbsolutePath().getParent();
            if (dir == null || !java.nio.file.Files.isDirectory(dir)) {
                throw new BadInputException("--snapshot: " + dir + ": no such folder");
            }
            args.add("--snapshot");
            args.add(snapshot.toString());
        } else if (snapshotTab != null || simulate != null) {
            throw new BadInputException("--snapshot-tab and --simulate only go with --snapshot");
        }
        if (snapshotTab != null) {
            args.add("--snapshot-tab");
            args.add(snapshotTab.name());
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
