package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 30, items 15 and 18: an empty path is bad input naming the argument. {@code --gantt ""}
 * and {@code reproduce … --out ""} exited 0 with their files in the current folder, and
 * {@code analyze ""} said "is a folder, not a file" of no name.
 */
class EmptyPathsTest {

    static final String GOOD = "scenarios/two-vms.json";

    @Test
    void anEmptyFolderPathIsBadInputNamingTheOption() throws Exception {
        Path here = Path.of("").toAbsolutePath();
        List<String> before = OutputFoldersTest.names(here);
        String m = NewerCommandsBadInputTest.refused("experiment", "scenarios/experiments/thesis-tmax.json", "--out", "");
        assertTrue(m.startsWith("error: --out: ") && m.contains("empty"), m);
        m = NewerCommandsBadInputTest.refused("reproduce", "two-vm", "--out", "");
        assertTrue(m.startsWith("error: --out: ") && m.contains("empty"), m);
        m = NewerCommandsBadInputTest.refused("compare", GOOD, "--horizon", "10", "--gantt", "");
        assertTrue(m.startsWith("error: --gantt: ") && m.contains("empty"), m);
        assertEquals(before, OutputFoldersTest.names(here), "files were written into the current folder");
    }

    @Test
    void anEmptyFileArgumentSaysTheArgumentIsEmpty() {
        String m = NewerCommandsBadInputTest.refused("analyze", "");
        assertTrue(m.contains("FILE argument is empty"), m);
        m = NewerCommandsBadInputTest.refused("import", "");
        assertTrue(m.contains("FILE argument is empty"), m);
    }

}
