package org.vmsched.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The app image that {@code ./mvnw -B -Pinstaller verify} builds with jpackage: its launcher starts
 * the bundled runtime and answers {@code --version} with the pom's version, and (where
 * {@code xvfb-run} exists) opens the real window and writes a 1280×720 snapshot. Skipped when no
 * image was built (the default {@code verify} never needs jpackage).
 */
class InstalledAppIT {

    private static Path launcher() {
        String p = System.getProperty("vmsched.launcher", "target/installer/VMSched/bin/VMSched");
        Path launcher = Path.of(p);
        assumeTrue(Files.isExecutable(launcher), "no app image at " + p + " (./mvnw -B -Pinstaller package builds it)");
        return launcher;
    }

    private static String run(List<String> command, Path out) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        boolean done = p.waitFor(120, TimeUnit.SECONDS);
        if (!done) {
            p.destroyForcibly();
        }
        String text = Files.readString(out, StandardCharsets.UTF_8);
        assertTrue(done, "the launcher did not finish in 120 s: " + text);
        assertEquals(0, p.exitValue(), text);
        return text;
    }

    @Test
    void theLauncherPrintsThePomsVersion(@TempDir Path dir) throws Exception {
        String text = run(List.of(launcher().toString(), "--version"), dir.resolve("out.txt"));
        String version = System.getProperty("vmsched.version", "");
        assertTrue(text.trim().equals("VMSched " + version) || version.isEmpty() && text.startsWith("VMSched "), text);
    }

    @Test
    void theLauncherOpensTheWindowOnAScenarioAndSnapshotsIt(@TempDir Path dir) throws Exception {
        Path launcher = launcher();
        Path xvfb = Path.of("/usr/bin/xvfb-run");
        assumeTrue(Files.isExecutable(xvfb), "no xvfb-run: the window test needs a display");
        Path png = dir.resolve("window.png");
        List<String> cmd = new ArrayList<>(List.of(xvfb.toString(), "-a", "-s", "-screen 0 1400x900x24",
                launcher.toString(), Path.of("scenarios/two-vms.json").toAbsolutePath().toString(), "--snapshot",
                png.toString()));
        String text = run(cmd, dir.resolve("out.txt"));
        BufferedImage img = ImageIO.read(png.toFile());
        assertTrue(img != null, text);
        assertEquals(1280, img.getWidth(), text);
        assertEquals(720, img.getHeight(), text);
    }
}
