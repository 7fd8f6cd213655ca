package org.vmsched.ui.document;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.model.InvalidScenarioException;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/** The window's document on its own: revisions, drafts, undo, the modified mark. Plain JUnit, no toolkit. */
class ScenarioDocumentTest {

    /** Only the scenario's name can be typed; an empty name is a problem. */
    static final ScenarioDocument.FieldTyping NAME_ONLY = new ScenarioDocument.FieldTyping() {
        @Override
        public boolean names(Scenario s, String path, String text) {
            return path.equals("name");
        }

        @Override
        public String problem(Scenario s, String path, String text) {
            return text.isBlank() ? "must not be empty" : null;
        }

        @Override
        public Scenario apply(Scenario s, String path, String text) {
            return s.withName(text.trim());
        }
    };

    static Scenario one() {
        return Scenario.of("one", List.of(VirtualMachine.of("VM1", 10, 5, 0, List.of(Task.of("t1", 1, 20)))));
    }

    @Test
    void everyChangeOfModelOrDraftsIsANewRevisionAndListenersHearIt() {
        ScenarioDocument doc = new ScenarioDocument(one(), NAME_ONLY);
        List<String> heard = new ArrayList<>();
        doc.addRevisionListener((r, fresh) -> heard.add(r + (fresh ? " new" : "")));
        long r0 = doc.revision();
        assertFalse(doc.edit(s -> s), "an edit that changes nothing is no step");
        assertEquals(r0, doc.revision());
        assertTrue(doc.type("name", "two"));
        assertEquals("two", doc.scenario().name());
        assertFalse(doc.type("name", " "));
        assertEquals("two", doc.scenario().name(), "a value with a problem stays out of the model");
        assertEquals(" ", doc.draftAt("name"));
        assertEquals("must not be empty", doc.problemAt("name"));
        assertTrue(doc.file().modifiedProperty().get());
        assertEquals("1 problem: scenario: name must not be empty", doc.invalidReason());
        doc.undo();
        assertNull(doc.draftAt("name"), "undo drops the draft first");
        assertEquals("two", doc.scenario().name());
        doc.undo();
        assertEquals("one", doc.scenario().name());
        doc.replace(one(), null, "Untitled");
        assertEquals(List.of((r0 + 1) + "", (r0 + 2) + "", (r0 + 3) + "", (r0 + 4) + "", (r0 + 5) + " new"), heard);
        assertFalse(doc.canUndoProperty().get());
    }

    @Test
    void aScenarioWithAProblemIsNotSavable() {
        ScenarioDocument doc = new ScenarioDocument(one(), NAME_ONLY);
        doc.type("name", "");
        InvalidScenarioException e = org.junit.jupiter.api.Assertions.assertThrows(InvalidScenarioException.class,
                doc::checkSavable);
        assertTrue(e.getMessage().contains("scenario: name"), e.getMessage());
        assertEquals(List.of("scenario: name must not be empty"), doc.problemsInWords());
    }

    @Test
    void aResultIsCurrentOnlyAtItsRevision() {
        Tagged<String> t = new Tagged<>(4, "verdicts");
        assertTrue(t.isCurrentAt(4));
        assertTrue(t.isStaleAt(5));
        assertFalse(Tagged.none().isStaleAt(5), "nothing shown is never stale");
    }
}
