package org.vmsched.ui.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vmsched.experiment.InvalidExperimentException;
import org.vmsched.progress.Cancellation;
import org.vmsched.ui.Background;

/** The experiment dialog's ViewModel without the FX toolkit: loading, inline validation, run, cancel. */
class ExperimentViewModelTest {

    @TempDir
    Path dir;

    /** Keeps scheduled work until the test runs it, so a test can act "while it runs". */
    static final class Later implements Background {
        final List<Runnable> work = new ArrayList<>();

        @Override
        public void schedule(Runnable w, Cancellation cancel, long delayMillis) {
            work.add(w);
        }

        void runAll() {
            List<Runnable> w = new ArrayList<>(work);
            work.clear();
            w.forEach(Runnable::run);
        }
    }

    ExperimentViewModel vm(Background b) {
        return new ExperimentViewModel(Runnable::run, b, 1);
    }

    @Test
    void listsTheThreeBundledThesisStudiesThenTheAcceptanceStudies() {
        // issue 32 items 4-5 bundled two acceptance studies after the thesis's three
        assertEquals(List.of("thesis-tmax.json", "thesis-overhead.json", "thesis-tmax-simulated.json", "seed-cbs-fpfp.json",
                "global-edf-pessimism.json"),
                ExperimentViewModel.builtIns());
    }

    @Test
    void aBundledStudyFillsSeedSetsAndAFolderAndCanRun() throws Exception {
        ExperimentViewModel vm = vm(Background.immediate());
        assertFalse(vm.canRunProperty().get(), "nothing loaded yet");
        vm.loadBuiltIn("thesis-tmax.json");
        assertEquals("2013", vm.seedProperty().get());
        assertEquals("10", vm.setsProperty().get());
        assertTrue(vm.folderProperty().get().endsWith("thesis-tmax"), vm.folderProperty().get());
        assertTrue(vm.descriptionProperty().get().startsWith("Thesis Tmax study: tmax study."), vm.descriptionProperty().get());
        vm.folderProperty().set(dir.resolve("out").toString());
        assertTrue(vm.canRunProperty().get());
    }

    @Test
    void badSeedSetsAndFolderAreReportedInlineAndBlockTheRun() throws Exception {
        ExperimentViewModel vm = vm(Background.immediate());
        vm.loadBuiltIn("thesis-tmax.json");
        vm.folderProperty().set(dir.resolve("out").toString());
        vm.seedProperty().set("12x");
        assertEquals("seed must be a whole number (64-bit), got \"12x\"", vm.seedErrorProperty().get());
        assertFalse(vm.canRunProperty().get());
        vm.seedProperty().set("-5");
        assertNull(vm.seedErrorProperty().get(), "any 64-bit seed is fine");
        vm.setsProperty().set("0");
        assertTrue(vm.setsErrorProperty().get().startsWith("task sets must"), vm.setsErrorProperty().get());
        vm.setsProperty().set("two");
        assertEquals("task sets must be a whole number, got \"two\"", vm.setsErrorProperty().get());
        vm.setsProperty().set("1");
        assertNull(vm.setsErrorProperty().get());
        Files.writeString(dir.resolve("notes.txt"), "mine");
        vm.folderProperty().set(dir.toString());
        assertTrue(vm.folderErrorProperty().get().contains("is not a results folder"), vm.folderErrorProperty().get());
        vm.run();
        assertTrue(vm.statusProperty().get().startsWith("Cannot run: results folder:"), vm.statusProperty().get());
        assertEquals("mine", Files.readString(dir.resolve("notes.txt")), "nothing written");
    }

    @Test
    void aBadFileThrowsTheLoadersMessageAndKeepsTheCurrentExperiment(@TempDir Path files) throws Exception {
        ExperimentViewModel vm = vm(Background.immediate());
        vm.loadBuiltIn("thesis-tmax.json");
        Path bad = files.resolve("bad.json");
        Files.writeString(bad, "{ \"schemaVersion\": 1, \"name\": \"x\", \"study\": \"tmax\", \"sets\": -1 ");
        InvalidExperimentException e = assertThrows(InvalidExperimentException.class, () -> vm.loadFile(bad));
        assertTrue(e.getMessage().startsWith("bad.json") || e.getMessage().contains("bad.json"), e.getMessage());
        assertEquals("thesis-tmax.json", vm.sourceProperty().get());
    }

    @Test
    void runsASmallStudyWritesTheFolderAndShowsItsFigures() throws Exception {
        ExperimentViewModel vm = vm(Background.immediate());
        vm.loadBuiltIn("thesis-tmax.json");
        vm.setsProperty().set("1");
        Path out = dir.resolve("tmax");
        vm.folderProperty().set(out.toString());
        vm.run();
        assertFalse(vm.runningProperty().get());
        assertTrue(vm.statusProperty().get().startsWith("Done: 3 figures"), vm.statusProperty().get());
        assertEquals(1.0, vm.progressProperty().get());
        assertEquals(3, vm.figures().size(), "one figure per u");
        assertEquals(out.toAbsolutePath().normalize().toString(), vm.writtenFolderProperty().get());
        assertTrue(Files.readString(out.resolve("experiment.json")).contains("\"sets\" : 1")
                || Files.readString(out.resolve("experiment.json")).contains("\"sets\": 1"));
        assertTrue(Files.exists(out.resolve("tmax-points.csv")));
        assertNull(vm.folderErrorProperty().get(), "a results folder may be replaced by the next run");
    }

    @Test
    void cancellingWhileItRunsWritesNothing() throws Exception {
        Later later = new Later();
        ExperimentViewModel vm = vm(later);
        vm.loadBuiltIn("thesis-tmax.json");
        vm.setsProperty().set("1");
        Path out = dir.resolve("never");
        vm.folderProperty().set(out.toString());
        vm.run();
        assertTrue(vm.runningProperty().get());
        assertFalse(vm.canRunProperty().get(), "no second run while one runs");
        vm.cancel();
        assertEquals("Cancelling…", vm.statusProperty().get());
        later.runAll();
        assertFalse(vm.runningProperty().get());
        assertEquals("Cancelled: no results folder written.", vm.statusProperty().get());
        assertFalse(Files.exists(out));
        try (var s = Files.list(dir)) {
            assertEquals(0, s.count(), "no temporary folder left behind");
        }
        assertTrue(vm.figures().isEmpty());
    }
}
