package org.vmsched.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Linux packaging resources that {@code ./mvnw -B -Pinstaller package} hands jpackage
 * ({@code src/packaging/linux}): the .deb depends on GTK 3 and the libraries JavaFX's natives link,
 * its desktop entry opens a {@code .json} scenario, and its maintainer scripts finish with 0 whether
 * the menu tools are missing or fail, so the install and the purge never stop half-way. The real
 * install and purge in a clean Debian is {@code src/test/installer/deb-chroot-test.sh} (root and a
 * Debian mirror, so not in this suite).
 */
class DebPackagingTest {

    private static final Path DIR = Path.of("src/packaging/linux");

    private static String read(String name) throws IOException {
        return Files.readString(DIR.resolve(name), StandardCharsets.UTF_8);
    }

    private static String line(String text, String key) {
        return text.lines().filter(l -> l.startsWith(key)).findFirst().orElse("");
    }

    @Test
    void theControlTemplateDependsOnGtk3AndWhatJavaFxsNativesLink() throws IOException {
        String depends = line(read("control"), "Depends:");
        // libglassgtk3.so links libgtk-3, libprism_es2.so libGL and libXxf86vm (readelf -d in the jar)
        for (String pkg : List.of("libgtk-3-0", "libgl1", "libxxf86vm1", "libxtst6", "libfontconfig1")) {
            assertTrue(depends.contains(pkg), "Depends names " + pkg + ": " + depends);
        }
        assertTrue(depends.contains("PACKAGE_DEFAULT_DEPENDENCIES"), "jpackage's own list of the runtime's libraries stays: " + depends);
    }

    @Test
    void theDesktopEntryOpensAJsonScenarioInTheWindow() throws IOException {
        String entry = read("vmsched.desktop");
        assertEquals("MimeType=application/json;", line(entry, "MimeType="));
        // gui names the command, so a file of any name opens in the window (not only *.json)
        assertEquals("Exec=/opt/vmsched/bin/VMSched gui %f", line(entry, "Exec="));
        assertEquals("Icon=vmsched", line(entry, "Icon="));
        assertEquals("Type=Application", line(entry, "Type="));
        BufferedImage icon = ImageIO.read(DIR.resolve("vmsched.png").toFile());
        assertTrue(icon != null, "vmsched.png is a PNG");
        assertEquals(128, icon.getWidth());
        assertEquals(128, icon.getHeight());
    }

    @Test
    void noMaintainerScriptCallsXdgDesktopMenu() throws IOException {
        for (String script : List.of("postinst", "prerm", "postrm")) {
            String code = read(script).lines().filter(l -> !l.trim().startsWith("#")).collect(Collectors.joining("\n"));
            assertFalse(code.contains("xdg-desktop-menu") || code.contains("xdg-mime") || code.contains("xdg-icon-resource"),
                    script + " calls no xdg tool");
            // jpackage's placeholders would put its xdg-desktop-menu calls back
            assertFalse(code.contains("DESKTOP_COMMANDS"), script + " has no jpackage desktop placeholder");
        }
    }

    private static Path tool(Path bin, String name, String body) throws IOException {
        Path f = bin.resolve(name);
        Files.writeString(f, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-xr-x"));
        return f;
    }

    private static int runScript(String script, String arg, Path path, Map<String, String> env) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("/bin/sh", DIR.resolve(script).toString(), arg).redirectErrorStream(true);
        pb.environment().clear();
        pb.environment().put("PATH", path.toString());
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), script + " finished");
        if (p.exitValue() != 0) {
            System.err.println(script + " " + arg + ": " + out);
        }
        return p.exitValue();
    }

    @Test
    @EnabledOnOs({OS.LINUX, OS.MAC})
    void theScriptsExitZeroOnASystemWithoutMenuTools(@TempDir Path empty) throws Exception {
        // a PATH with nothing in it: no xdg-desktop-menu, no update-desktop-database
        assertEquals(0, runScript("postinst", "configure", empty, Map.of()));
        assertEquals(0, runScript("prerm", "remove", empty, Map.of()));
        assertEquals(0, runScript("postrm", "remove", empty, Map.of()));
        assertEquals(0, runScript("postrm", "purge", empty, Map.of()));
    }

    @Test
    @EnabledOnOs({OS.LINUX, OS.MAC})
    void theScriptsExitZeroWhenTheMenuToolsFail(@TempDir Path bin) throws Exception {
        Path calls = bin.resolve("calls.txt");
        String failing = "echo \"$0\" >> \"$CALLS\"; echo 'No writable system menu directory found.' >&2; exit 3";
        for (String name : List.of("update-desktop-database", "gtk-update-icon-cache", "xdg-desktop-menu", "xdg-mime")) {
            tool(bin, name, failing);
        }
        Map<String, String> env = Map.of("CALLS", calls.toString());
        assertEquals(0, runScript("postinst", "configure", bin, env));
        assertEquals(0, runScript("prerm", "remove", bin, env));
        assertEquals(0, runScript("postrm", "purge", bin, env));
        // the refresh did run, failed, and was let be (else the test proves nothing)
        List<String> ran = Files.readAllLines(calls);
        assertTrue(ran.stream().anyMatch(l -> l.endsWith("update-desktop-database")), "update-desktop-database ran: " + ran);
        assertFalse(ran.stream().anyMatch(l -> l.contains("xdg-")), "no xdg tool ran: " + ran);
    }

    @Test
    @EnabledOnOs({OS.LINUX, OS.MAC})
    void anUnknownActionIsStillRefused(@TempDir Path empty) throws Exception {
        // dpkg's protocol: an action the script does not know is an error, not silently taken
        assertEquals(1, runScript("postinst", "no-such-action", empty, Map.of()));
    }

    private static String run(List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), cmd + " finished");
        assertEquals(0, p.exitValue(), cmd + ": " + out);
        return out;
    }

    /** A stand-in for jpackage's .deb goes through the script the installer build runs after jpackage. */
    @Test
    @EnabledOnOs(OS.LINUX)
    void theBuiltDebGetsTheDesktopEntryAndIconAndLosesXdgUtilsAndDuplicateDepends(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/dpkg-deb")), "no dpkg-deb");
        Path root = dir.resolve("root");
        Files.createDirectories(root.resolve("DEBIAN"));
        Files.createDirectories(root.resolve("opt/vmsched/lib"));
        Files.writeString(root.resolve("opt/vmsched/lib/vmsched-VMSched.desktop"), "[Desktop Entry]\n");
        Files.writeString(root.resolve("DEBIAN/control"), String.join("\n", "Package: vmsched", "Version: 0.1.0-1",
                "Architecture: all", "Maintainer: VMSched <Unknown>", "Description: test",
                "Depends: libgtk-3-0 | libgtk-3-0t64, libxtst6, libfreetype6, libc6, libfreetype6, xdg-utils, libxtst6, zlib1g ",
                "Installed-Size: 1", ""));
        Path out = dir.resolve("installer");
        Files.createDirectories(out);
        Path deb = out.resolve("vmsched_0.1.0-1_all.deb");
        run(List.of("dpkg-deb", "--root-owner-group", "-b", root.toString(), deb.toString()));

        run(List.of("/bin/sh", DIR.resolve("deb-desktop-files.sh").toString(), out.toString(), DIR.toString()));

        String files = run(List.of("dpkg-deb", "-c", deb.toString()));
        List<String> lines = new ArrayList<>(files.lines().toList());
        assertTrue(lines.stream().anyMatch(l -> l.endsWith("./usr/share/applications/vmsched.desktop") && l.contains("root/root")), files);
        assertTrue(lines.stream().anyMatch(l -> l.endsWith("./usr/share/icons/hicolor/128x128/apps/vmsched.png")), files);
        assertFalse(files.contains("vmsched-VMSched.desktop"), "jpackage's unused copy is gone: " + files);
        String depends = run(List.of("dpkg-deb", "-f", deb.toString(), "Depends")).trim();
        // our control names libxtst6 and libfreetype6, and jpackage's found dependencies name them again
        assertEquals("libgtk-3-0 | libgtk-3-0t64, libxtst6, libfreetype6, libc6, zlib1g", depends);
    }
}
