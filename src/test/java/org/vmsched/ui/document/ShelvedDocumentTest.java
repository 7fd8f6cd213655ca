package org.vmsched.ui.document;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.ui.main.MainViewModel;

/** An exercise's scenario shown over the user's (issue 33): the user's document shelved and put back whole; read-only refusals. */
class ShelvedDocumentTest {

    private static Scenario one(int wcet) {
        return Scenario.of("mine", List.of(VirtualMachine.of("VM1", 10, 5, 0, List.of(Task.of("t1", wcet, 20)))));
    }

    /** The main window's document, typed as the window types (its field typing is ui.main's). */
    private static ScenarioDocument document() {
        ScenarioDocument doc = new MainViewModel(Runnable::run, org.vmsched.ui.Background.immediate(),
                org.vmsched.ui.Background.immediate(), 0, org.vmsched.ui.main.RecentFiles.inMemory(),
                org.vmsched.ui.simulation.SimulationBackend.unavailable()).document();
        doc.replace(one(1), null, "mine");
        return doc;
    }

    @Test
    void unshelvingPutsBackTheScenarioItsFileItsUnsavedMarkItsDraftsAndItsUndo() {
        ScenarioDocument doc = document();
        doc.replace(one(1), Path.of("mine.json"), "mine.json");
        doc.edit(s -> one(2));
        doc.type("vms[0].tasks[0].period", "x"); // a draft: not a number
        Shelf shelf = doc.shelve();
        assertTrue(shelf.modified());

        doc.replace(one(7), null, "exercise (read-only)");
        doc.setReadOnly("read-only");
        assertFalse(doc.file().modifiedProperty().get());
        doc.setReadOnly(null);
        doc.unshelve(shelf);

        assertEquals(one(2), doc.scenario());
        assertEquals(Path.of("mine.json"), doc.file().fileProperty().get());
        assertEquals("mine.json", doc.file().displayNameProperty().get());
        assertTrue(doc.file().modifiedProperty().get(), "the unsaved edit is unsaved still");
        assertEquals("x", doc.draftAt("vms[0].tasks[0].period"));
        doc.undo(); // the draft first
        doc.undo(); // then the edit
        assertEquals(one(1), doc.scenario());
        assertFalse(doc.file().modifiedProperty().get());
    }

    @Test
    void aReadOnlyDocumentRefusesEditsTypingUndoAndRedoAndSaysWhy() {
        ScenarioDocument doc = document();
        doc.edit(s -> one(2));
        List<String> said = new ArrayList<>();
        doc.onRefused(said::add);
        doc.setReadOnly("the exercise's scenario");
        long revision = doc.revision();

        assertFalse(doc.edit(s -> one(3)));
        assertFalse(doc.type("vms[0].tasks[0].wcet", "4"));
        assertFalse(doc.typeLive("vms[0].tasks[0].wcet", "4"));
        doc.undo();
        doc.redo();

        assertEquals(one(2), doc.scenario());
        assertEquals(revision, doc.revision(), "nothing moved");
        assertEquals(5, said.size());
        assertTrue(said.stream().allMatch("the exercise's scenario"::equals), said.toString());
        doc.setReadOnly(null);
        assertTrue(doc.edit(s -> one(3)));
    }
}
