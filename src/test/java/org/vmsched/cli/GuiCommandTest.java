package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code vmsched gui FILE}: a bad file is refused with the loader's message before any window opens. */
class GuiCommandTest {

    @Test
    void aBadFileExitsTwoWithTheLoadersMessage(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\"schemaVersion\": 1, \"name\": \"x\", \"vms\": [{\"name\": \"A\", \"period\": -1, "
                + "\"budget\": 1, \"tasks\": [{\"name\": \"t\", \"wcet\": 1, \"period\": 5}]}]}");
        StringWriter err = new StringWriter();
        int code = Main.run(new String[] {"gui", bad.toString()}, new PrintWriter(new StringWriter()), new PrintWriter(err));
        assertEquals(2, code);
        assertTrue(err.toString().contains("bad.json: vms[0].period must be positive, got -1"), err.toString());
    }

    @Test
    void anUnknownSimulationModeOrSimulateWithoutSnapshotIsRefused(@TempDir Path dir) {
        StringWriter err = new StringWriter();
        int code = Main.run(new String[] {"gui", "--snapshot", dir.resolve("s.png").toString(), "--simulate", "fast"},
                new PrintWriter(new StringWriter()), new PrintWriter(err));
        assertEquals(2, code);
        assertTrue(err.toString().contains("--simulate must be synchronous or worst-case, got \"fast\""), err.toString());
        err = new StringWriter();
        code = Main.run(new String[] {"gui", "--simulate", "worst-case"}, new PrintWriter(new StringWriter()), new PrintWriter(err));
        assertEquals(2, code);
        assertTrue(err.toString().contains("only go with --snapshot"), err.toString());
    }

    /**
     * A present-mode snapshot is one chart full-window: of a chart with nothing drawn (a Global EDF
     * scenario's Tmax curve, which the window does not draw for it; a Gantt chart with no run) it was
     * a picture of nothing. Refused before any window opens, with the chart and why, as the window's
     * export refuses it.
     */
    @Test
    void aPresentSnapshotOfAChartWithNothingDrawnIsRefused(@TempDir Path dir) {
        StringWriter err = new StringWriter();
        Path png = dir.resolve("s.png");
        int code = Main.run(new String[] {"gui", "scenarios/rtds-global-periodic.json", "--snapshot", png.toString(),
                "--snapshot-tab", "tmax", "--present"}, new PrintWriter(new StringWriter()), new PrintWriter(err));
        assertEquals(2, code);
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
        assertTrue(err.toString().contains("--present: Tmax curve has nothing to draw: Global EDF is analysed with the"
                + " multiprocessor periodic resource model"), err.toString());
        assertTrue(!Files.exists(png));
        err = new StringWriter();
        code = Main.run(new String[] {"gui", "scenarios/thesis-example.json", "--snapshot", png.toString(),
                "--snapshot-tab", "gantt", "--present"}, new PrintWriter(new StringWriter()), new PrintWriter(err));
        assertEquals(2, code);
        assertTrue(err.toString().contains("--present: Gantt has nothing to draw: no simulation (give --simulate"),
                err.toString());
    }

    @Test
    void helpStillPrintsTheUsageAndListsGui() {
        StringWriter out = new StringWriter();
        int code = Main.run(new String[] {"--help"}, new PrintWriter(out), new PrintWriter(new StringWriter()));
        assertEquals(0, code);
        assertTrue(out.toString().contains("gui"), out.toString());
    }

    @Test
    void versionPrintsThePomsVersionWithoutOpeningAWindow() {
        StringWriter out = new StringWriter();
        int code = Main.run(new String[] {"--version"}, new PrintWriter(out), new PrintWriter(new StringWriter()));
        assertEquals(0, code);
        // filtered from the pom: a literal ${project.version} or "unknown" means the resource was not written
        assertTrue(out.toString().matches("VMSched \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?\\s*"), out.toString());
    }

    @Test
    void aScenarioFileFirstIsReadAsGuiSoTheInstalledLauncherOpensIt(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\"schemaVersion\": 1}");
        StringWriter err = new StringWriter();
        // a bad file shows gui's refusal (exit 2, before any window), not "unmatched argument"
        int code = Main.run(new String[] {bad.toString()}, new PrintWriter(new StringWriter()), new PrintWriter(err));
        assertEquals(2, code);
        assertTrue(err.toString().contains("bad.json"), err.toString());
        assertEquals(java.util.List.of("gui", "--snapshot", "x.png"), java.util.List.of(Main.guiShorthand(new String[] {"--snapshot", "x.png"})));
        assertEquals(java.util.List.of("analyse", "x.json"), java.util.List.of(Main.guiShorthand(new String[] {"analyse", "x.json"})));
    }

    /**
     * Issue 30, item 18: without a display, {@code gui --snapshot} printed two lines of JavaFX's
     * log ("Unsupported JavaFX configuration…") before its own error. Run as a separate JVM with no
     * display variable, so the test's own JavaFX platform is not involved.
     */
    @Test
    @org.junit.jupiter.api.condition.EnabledOnOs(org.junit.jupiter.api.condition.OS.LINUX)
    void withoutADisplayTheSnapshotSaysOneLineOfItsOwn(@TempDir Path dir) throws Exception {
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(javaBin, "-cp", System.getProperty("java.class.path"),
                "org.vmsched.cli.Main", "gui", "--snapshot", dir.resolve("s.png").toString());
        pb.environment().remove("DISPLAY");
        pb.environment().remove("WAYLAND_DISPLAY");
        pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        Process p = pb.start();
        String err = new String(p.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(2, p.waitFor(), err);
        assertEquals(1, err.strip().lines().count(), err);
        assertTrue(err.startsWith("error: cannot open a window"), err);
    }
}
