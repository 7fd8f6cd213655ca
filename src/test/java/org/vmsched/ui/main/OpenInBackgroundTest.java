package org.vmsched.ui.main;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.InvalidScenarioException;
import org.vmsched.model.Scenario;
import org.vmsched.ui.Background;
import org.vmsched.ui.simulation.SimulationBackend;

/**
 * File > Open reads the file off the FX thread (review of issue 17: ScenarioFiles loaded on the
 * FX thread, freezing the window on a slow disk or a large file). The worker is held here, so
 * what happens before and after the read is seen in order. Plain JUnit.
 */
class OpenInBackgroundTest {

    @TempDir
    Path dir;

    /** Work handed to the file worker, run when the test says. */
    private final List<Runnable> held = new ArrayList<>();

    private MainViewModel model() throws InvalidScenarioException {
        Background files = (work, cancel, delay) -> held.add(() -> {
            if (!cancel.isCancelled()) {
                work.run();
            }
        });
        MainViewModel m = new MainViewModel(Runnable::run, Background.immediate(), Background.immediate(), files, 0,
                RecentFiles.inMemory(), SimulationBackend.unavailable());
        m.openExample("thesis-example.json");
        return m;
    }

    private Path file(String name, Scenario s) throws Exception {
        Path f = dir.resolve(name);
        ScenarioJson.save(s, f);
        return f;
    }

    @Test
    void theDocumentIsReplacedOnlyOnceTheWorkerHasReadTheFile() throws Exception {
        MainViewModel m = model();
        Scenario before = m.scenario();
        Path f = file("other.json", MainViewModel.blank());
        m.openInBackground(f, e -> { throw new AssertionError(e); }, () -> true);
        assertEquals(before, m.scenario(), "nothing read on the calling thread");
        assertEquals(1, held.size());
        held.get(0).run();
        assertEquals(MainViewModel.blank(), m.scenario());
        assertEquals(f, m.fileProperty().get());
        assertEquals(List.of(f), m.recentFiles());
    }

    @Test
    void aLaterOpenSupersedesAFileStillBeingRead() throws Exception {
        MainViewModel m = model();
        Path first = file("first.json", MainViewModel.blank());
        Path second = file("second.json", MainViewModel.blank().withName("second"));
        m.openInBackground(first, e -> { throw new AssertionError(e); }, () -> true);
        m.openInBackground(second, e -> { throw new AssertionError(e); }, () -> true);
        held.get(1).run();
        held.get(0).run(); // the first, cancelled: it neither reads nor replaces
        assertEquals("second", m.scenario().name());
        assertEquals(second, m.fileProperty().get());
    }

    @Test
    void aBadFileGoesToTheCallerAndTheScenarioStays() throws Exception {
        MainViewModel m = model();
        Scenario before = m.scenario();
        Path bad = Files.writeString(dir.resolve("bad.json"), "{\"schemaVersion\": 1}");
        List<String> errors = new ArrayList<>();
        m.openInBackground(bad, e -> errors.add(e.getMessage()), () -> true);
        assertTrue(errors.isEmpty());
        held.get(0).run();
        assertEquals(1, errors.size());
        assertTrue(errors.get(0).contains("bad.json"), errors.get(0));
        assertEquals(before, m.scenario());
        assertNull(m.fileProperty().get());
    }

    /**
     * Edits made while a file is being read were replaced by the file when it arrived, after the
     * discard prompt had been answered for the document as it was before them: lost work. The
     * arrival now asks again when the document has moved on, and keeps it on "no".
     */
    @Test
    void editsMadeWhileTheFileIsReadAreNotDroppedWithoutAsking() throws Exception {
        MainViewModel m = model();
        Path f = file("other.json", MainViewModel.blank());
        List<String> asked = new ArrayList<>();
        m.openInBackground(f, e -> { throw new AssertionError(e); }, () -> {
            asked.add("asked");
            return false;
        });
        m.setScenarioName("typed while the file was read");
        held.get(0).run();
        assertEquals(List.of("asked"), asked);
        assertEquals("typed while the file was read", m.scenario().name(), "the edits stay");
        assertNull(m.fileProperty().get());

        m.openInBackground(f, e -> { throw new AssertionError(e); }, () -> true);
        m.setScenarioName("typed again");
        held.get(1).run();
        assertEquals(MainViewModel.blank(), m.scenario(), "replaced once the user said so");

        List<String> notAsked = new ArrayList<>();
        m.openInBackground(f, e -> { throw new AssertionError(e); }, () -> notAsked.add("asked"));
        held.get(2).run(); // nothing edited meanwhile: the prompt before the read was enough
        assertTrue(notAsked.isEmpty());
    }
}
