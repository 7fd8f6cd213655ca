package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
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
        Path script = scriptIn(Files.createTempDirectory("launcher"));
        Path dir = script.getParent();
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
        Path script = scriptIn(repo);
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

    /**
     * The build's class-data archive is mapped while it is newer than the jar, and left alone once
     * the jar is rebuilt (a JVM given an archive of another jar would run without it, the saving
     * lost); a fake java in JAVA_HOME prints the options the script gives it.
     */
    @Test
    @EnabledOnOs({OS.LINUX, OS.MAC})
    void theClassDataArchiveIsUsedWhileItIsNewerThanTheJar() throws Exception {
        Path repo = Files.createTempDirectory("launcher-cds");
        Path script = scriptIn(repo);
        Path target = Files.createDirectories(repo.resolve("target"));
        Path jar = Files.writeString(target.resolve("vmsched.jar"), "");
        Path jsa = Files.writeString(target.resolve("vmsched.jsa"), "");
        Path home = Files.createDirectories(repo.resolve("jdk").resolve("bin"));
        Path fakeJava = Files.writeString(home.resolve("java"), "#!/bin/sh\necho \"$@\"\n");
        assertTrue(fakeJava.toFile().setExecutable(true));
        String real = target.toRealPath().resolve("vmsched.jsa").toString();

        Files.setLastModifiedTime(jar, FileTime.fromMillis(1_000_000_000_000L));
        Files.setLastModifiedTime(jsa, FileTime.fromMillis(1_000_000_060_000L));
        String newer = runWithJavaHome(script, repo.resolve("jdk"));
        assertTrue(newer.contains("-XX:SharedArchiveFile=" + real), newer);
        assertTrue(newer.contains("-XX:TieredStopAtLevel=1"), newer);
        assertTrue(newer.trim().endsWith("--version"), newer);

        Files.setLastModifiedTime(jar, FileTime.fromMillis(1_000_000_120_000L));
        String older = runWithJavaHome(script, repo.resolve("jdk"));
        assertTrue(!older.contains("SharedArchiveFile"), older);
        assertTrue(older.contains("-XX:TieredStopAtLevel=1"), older);
        try (java.util.stream.Stream<Path> all = Files.walk(repo)) {
            all.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
    }

    /** A copy of the repository's vmsched script in {@code dir}. */
    private static Path scriptIn(Path dir) throws IOException {
        Path script = dir.resolve("vmsched");
        Files.copy(Path.of("vmsched"), script);
        return script;
    }

    private static String runWithJavaHome(Path script, Path javaHome) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("sh", script.toString(), "--version").redirectErrorStream(true);
        pb.environment().put("JAVA_HOME", javaHome.toString());
        pb.environment().remove("VMSCHED_JAVA_OPTS");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), out);
        return out;
    }

    /**
     * Every command line the build's class-data training runs (pom.xml, class-data-archive) answers
     * with exit 0: a renamed command or option would otherwise train on an error message alone.
     */
    @Test
    void theClassDataTrainingRunsCommandsThatAnswer() throws IOException {
        Matcher m = Pattern.compile("org\\.vmsched\\.cli\\.ClassDataTraining (.*?)</commandlineArgs>").matcher(read("pom.xml"));
        assertTrue(m.find(), "the pom's class-data-archive execution runs ClassDataTraining");
        String[] words = m.group(1).replace("\"${project.basedir}/", "").replace("\"", "").split(" +");
        java.util.List<java.util.List<String>> lines = ClassDataTraining.lines(words);
        assertTrue(lines.size() >= 5, lines.toString());
        for (java.util.List<String> line : lines) {
            java.io.StringWriter out = new java.io.StringWriter();
            java.io.StringWriter err = new java.io.StringWriter();
            int code = Main.run(line.toArray(String[]::new), new java.io.PrintWriter(out), new java.io.PrintWriter(err));
            assertEquals(0, code, line + ": " + err);
        }
    }
}
