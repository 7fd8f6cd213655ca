package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vmsched.io.AtomicFiles;

/**
 * Issue 30, items 14 and 17: the folders {@code compare --gantt}, {@code reproduce … --out}
 * and {@code experiment --out} write are swapped in whole, as one step (a kill left 1 of 34
 * files; a second run mixed its files with the first's); a failure names the folder asked for,
 * never the hidden temporary one.
 */
class OutputFoldersTest {

    static final String GOOD = "scenarios/two-vms.json";

    @TempDir
    Path tmp;

    static List<String> names(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aSecondCompareGanttReplacesTheFolderInsteadOfMixingWithTheFirst() throws Exception {
        Path g = tmp.resolve("g");
        MainTest.Run first = MainTest.run("compare", GOOD, "--horizon", "10", "--gantt", g.toString());
        assertEquals(0, first.status(), first.err());
        List<String> written = names(g);
        Files.writeString(g.resolve("99-left-from-an-older-version.png"), "old");
        MainTest.Run again = MainTest.run("compare", GOOD, "--horizon", "10", "--gantt", g.toString());
        assertEquals(0, again.status(), again.err());
        assertEquals(written, names(g), "the old folder's files survived beside the new ones");
        assertEquals(List.of("g"), names(tmp), "a temporary folder was left beside it");
    }

    @Test
    void aSecondReproduceReplacesTheFolderInsteadOfMixingWithTheFirst() throws Exception {
        Path out = tmp.resolve("r");
        assertEquals(0, MainTest.run("reproduce", "two-vm", "--overhead", "0", "--out", out.toString()).status());
        List<String> written = names(out);
        Files.writeString(out.resolve("stale.csv"), "old");
        MainTest.Run again = MainTest.run("reproduce", "two-vm", "--overhead", "0", "--out", out.toString());
        assertEquals(0, again.status(), again.err());
        assertEquals(written, names(out));
        assertEquals(List.of("r"), names(tmp));
    }

    /** A folder of other files is not ours to replace: refused before anything runs, as experiment --out refuses it. */
    @Test
    void aFolderOfOtherFilesIsRefusedAndLeftAlone() throws Exception {
        Path mine = Files.createDirectory(tmp.resolve("mine"));
        Files.writeString(mine.resolve("thesis.tex"), "keep");
        String m = NewerCommandsBadInputTest.refused("compare", GOOD, "--horizon", "10", "--gantt", mine.toString());
        assertTrue(m.startsWith("error: --gantt: ") && m.contains("compare.csv"), m);
        assertEquals("", MainTest.run("compare", GOOD, "--horizon", "10", "--gantt", mine.toString()).out());
        m = NewerCommandsBadInputTest.refused("reproduce", "two-vm", "--out", mine.toString());
        assertTrue(m.startsWith("error: --out: ") && m.contains("two-vm.csv"), m);
        assertEquals(List.of("thesis.tex"), names(mine));
    }

    /**
     * The kill -9 case made deterministic: a failure injected after the CSV and before the figure
     * leaves the old folder as it was and no partial new one anywhere (all of a write goes to a
     * hidden sibling that only a complete write puts in place).
     */
    @Test
    void aWriteThatFailsMidwayLeavesTheOldFolderWholeAndNoPartialOne() throws Exception {
        Path out = tmp.resolve("r");
        assertEquals(0, MainTest.run("reproduce", "two-vm", "--overhead", "0", "--out", out.toString()).status());
        List<String> before = names(out);
        String csvBefore = Files.readString(out.resolve("two-vm.csv"));
        JFreeChart broken = new JFreeChart(new XYPlot()) {
            @Override
            public void draw(java.awt.Graphics2D g2, java.awt.geom.Rectangle2D area,
                             java.awt.geom.Point2D anchor, org.jfree.chart.ChartRenderingInfo info) {
                throw new IllegalStateException("injected failure while drawing");
            }
        };
        assertThrows(RuntimeException.class, () -> ReproduceCommand.write(out, "two-vm", "new,csv\n", broken));
        assertEquals(before, names(out));
        assertEquals(csvBefore, Files.readString(out.resolve("two-vm.csv")), "the old CSV was overwritten");
        assertEquals(List.of("r"), names(tmp), "a partial folder was left beside it");
        Path fresh = tmp.resolve("fresh");
        assertThrows(RuntimeException.class, () -> ReproduceCommand.write(fresh, "two-vm", "new,csv\n", broken));
        assertEquals(List.of("r"), names(tmp), "a partial new folder appeared");
    }

    /**
     * A folder that cannot be made (as on a read-only file system) named the hidden temporary
     * folder. procfs refuses any new name, also to root, for whom permissions would not.
     */
    @Test
    void aFolderThatCannotBeMadeIsNamedAsAskedNeverByItsTemporaryName() {
        Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc/self")), "no procfs here");
        MainTest.Run r = MainTest.run("experiment", "scenarios/experiments/thesis-tmax.json", "--sets", "1",
                "--out", "/proc/results");
        assertEquals(2, r.status(), r.err());
        assertFalse(r.err().contains(AtomicFiles.TEMP_MARK), r.err());
        assertTrue(r.err().startsWith("error: --out: cannot create the folder /proc/results: "), r.err());
    }
}
