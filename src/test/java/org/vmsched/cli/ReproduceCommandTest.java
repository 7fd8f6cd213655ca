package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code reproduce two-vm} and {@code reproduce cbs-fpfp}. */
class ReproduceCommandTest {

    private static String[] run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new String[] {Integer.toString(status), out.toString(), err.toString()};
    }

    @Test
    void twoVmPrintsTheBudgetsBesideTheSeeds(@TempDir Path dir) {
        String[] r = run("reproduce", "two-vm", "--overhead", "0", "--out", dir.toString());
        assertEquals("0", r[0], r[2]);
        assertTrue(r[1].contains("26.667"), r[1]);
        assertTrue(r[1].contains("27 (28 used)"), r[1]);
        assertTrue(r[1].contains("75"), r[1]);
        assertTrue(Files.exists(dir.resolve("two-vm.csv")));
        assertTrue(Files.exists(dir.resolve("two-vm.pdf")));
    }

    @Test
    void cbsFpFpRunsSmallAndWritesItsFigure(@TempDir Path dir) throws Exception {
        String[] r = run("reproduce", "cbs-fpfp", "--systems", "5", "--out", dir.toString());
        assertEquals("0", r[0], r[2]);
        assertTrue(r[1].contains("88.4"), r[1]);
        assertTrue(Files.readString(dir.resolve("cbs-fpfp.csv")).startsWith("u,systems,cbs_fp"));
        assertTrue(Files.size(dir.resolve("cbs-fpfp.png")) > 1000);
    }

    @Test
    void badInputNamesTheOption() {
        String[] r = run("reproduce", "cbs-fpfp", "--systems", "0");
        assertEquals("2", r[0]);
        assertTrue(r[2].contains("--systems"), r[2]);
        r = run("reproduce", "two-vm", "--overhead", "-5");
        assertEquals("2", r[0]);
        assertTrue(r[2].contains("--overhead"), r[2]);
    }
}
