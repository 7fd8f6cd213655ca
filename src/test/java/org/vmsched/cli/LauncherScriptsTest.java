package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * The repository's {@code vmsched} and {@code vmsched.cmd} run the jar with the JVM options of the
 * installer's launcher (the {@code installer} profile's {@code --java-options}), so a command run
 * either way costs the same (BENCHMARKS.md, design's fifth round), and a missing jar gets a
 * sentence and exit 2, never Java's "Unable to access jarfile".
 */
class LauncherScriptsTest {

    private static String read(String file) throws IOException {
        return Files.readString(Path.of(file));
    }

    private static String installerJitOption() throws IOException {
        Matcher m = Pattern.compile("--java-options (-XX:TieredStopAtLevel=\\d)").matcher(read("pom.xml"));
        assertTrue(m.find(), "the installer profile passes a TieredStopAtLevel option");
        return m.group(1);
    }

    @Test
    void bothScriptsUseTheInstallersJitOption() throws IOException {
        String option = installerJitOption();
        assertTrue(read("vmsched").contains("${VMSCHED_JAVA_OPTS-" + option + "}"), "vmsched runs " + option);
        assertTrue(read("vmsched.cmd").contains("set \"VMSCHED_JAVA_OPTS=" + option + "\""), "vmsched.cmd runs " + option);
    }

    @Test
    @EnabledOnOs({OS.LINUX, OS.MAC})
    void aMissingJarIsSaidInWordsWithExitTwo() throws Exception {
        Path dir = Files.createTempDirectory("launcher");
        Path script = dir.resolve("vmsched");
        Files.copy(Path.of("vmsched"), script);
        Process p = new ProcessBuilder("sh", script.toString(), "--version").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(2, p.waitFor(), out);
        assertTrue(out.contains("is not built yet: run ./mvnw -B package -DskipTests first"), out);
        Files.delete(script);
        Files.delete(dir);
    }

    /** A symlink to the script (say ~/bin/vmsched) runs the jar of the repository it points into. */
    @Test
    @EnabledOnOs({OS.LINUX, OS.MAC})
    void aSymlinkFindsTheRepositoryItPointsInto() throws Exception {
        Path repo = Files.createTempDirectory("launcher-repo");
        Path bin = Files.createTempDirectory("launcher-bin");
        Path script = repo.resolve("vmsched");
        Files.copy(Path.of("vmsched"), script);
        Path link = Files.createSymbolicLink(bin.resolve("vmsched"), script);
        Process p = new ProcessBuilder("sh", link.toString(), "--version").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(2, p.waitFor(), out);
        assertTrue(out.contains(repo.toRealPath().resolve("target").resolve("vmsched.jar").toString()), out);
        Files.delete(link);
        Files.delete(script);
        Files.delete(bin);
        Files.delete(repo);
    }
}
