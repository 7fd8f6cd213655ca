package org.vmsched.ui.main;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** File > Open Example as a teacher meets it: titles, not file names, the simplest first (issue 30, item 12). */
class ExamplesTest {

    private static int at(List<Examples.Entry> all, String file) {
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i).file().equals(file)) {
                return i;
            }
        }
        throw new AssertionError(file + " is not listed");
    }

    @Test
    void openExampleShowsTitlesSimplestFirstThenTheHierAndLatencyGroups() {
        List<Examples.Entry> all = Examples.all();
        assertEquals(Examples.files().size(), all.size());
        // the menu listed the files alphabetically-ish by file name: "not-schedulable.json" first
        assertEquals("Two VMs on one core", all.get(0).title());
        assertEquals("Thesis example", all.get(1).title());
        assertTrue(at(all, "thesis-example.json") < at(all, "not-schedulable.json"));
        assertTrue(at(all, "edf-inside.json") < at(all, "overhead.json"));
        assertTrue(at(all, "overhead.json") < at(all, "rtds-global-periodic.json"));
        for (Examples.Entry e : all) {
            assertFalse(e.title().endsWith(".json"), e.file() + " is shown by its file name");
            assertFalse(e.title().isBlank(), e.file());
        }
        // the groups come one after the other: the top-level examples, then hier/, then latency/
        List<String> runs = new java.util.ArrayList<>();
        for (Examples.Entry e : all) {
            if (runs.isEmpty() || !runs.get(runs.size() - 1).equals(e.group())) {
                runs.add(e.group());
            }
        }
        assertEquals(List.of("", "hier", "latency"), runs);
        assertEquals("latency: Xen Credit, 30 ms slice", all.get(at(all, "latency/credit-30ms.json")).title());
        assertFalse(Examples.groupTitle("hier").isBlank());
    }
}
