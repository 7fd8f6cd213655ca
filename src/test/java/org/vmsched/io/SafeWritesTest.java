package org.vmsched.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vmsched.progress.Cancellation;

/**
 * Writes respect what is at the path (issue 12): a symbolic link is followed, a character device
 * written through, a FIFO or folder refused, and only our own recognisable leftovers are tidied.
 */
class SafeWritesTest {

    @TempDir
    Path tmp;

    static void write(Path p, String text) throws IOException {
        AtomicFiles.write(p, t -> Files.writeString(t, text, StandardCharsets.UTF_8));
    }

    static List<String> names(Path dir) throws Exception {
        return ExperimentResultsTest.names(dir);
    }

    @Test
    void aSymbolicLinkIsFollowedAndStaysALink() throws Exception {
        Path target = Files.writeString(tmp.resolve("real.csv"), "old");
        Path link = Files.createSymbolicLink(tmp.resolve("link.csv"), Path.of("real.csv"));
        write(link, "new");
        assertTrue(Files.isSymbolicLink(link), "the link was replaced by a file");
        assertEquals("new", Files.readString(target));
        assertEquals(List.of("link.csv", "real.csv"), names(tmp));
    }

    @Test
    void aDanglingLinkCreatesItsTarget() throws Exception {
        Path link = Files.createSymbolicLink(tmp.resolve("link.csv"), Path.of("made.csv"));
        write(link, "new");
        assertTrue(Files.isSymbolicLink(link));
        assertEquals("new", Files.readString(tmp.resolve("made.csv")));
    }

    @Test
    void aCharacterDeviceIsWrittenThroughNotReplaced() throws Exception {
        Path dev = Path.of("/dev/null");
        Assumptions.assumeTrue(Files.exists(dev) && AtomicFiles.isCharacterDevice(dev));
        Path link = Files.createSymbolicLink(tmp.resolve("null.csv"), dev);
        write(link, "gone");
        assertTrue(AtomicFiles.isCharacterDevice(dev), "/dev/null is no longer a device");
        assertTrue(Files.isSymbolicLink(link));
        assertEquals(List.of("null.csv"), names(tmp));
    }

    @Test
    void aFifoOrAFolderIsRefusedAndLeftAlone() throws Exception {
        Path fifo = tmp.resolve("pipe");
        Assumptions.assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0);
        IOException e = assertThrows(IOException.class, () -> write(fifo, "x"));
        assertTrue(e.getMessage().contains("not a regular file"), e.getMessage());
        assertTrue(Files.exists(fifo, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(fifo));
        Path folder = Files.createDirectory(tmp.resolve("folder"));
        assertTrue(assertThrows(IOException.class, () -> write(folder, "x")).getMessage().contains("folder"));
        assertEquals(List.of("folder", "pipe"), names(tmp));
    }

    @Test
    void aResultsFolderIsNeverWrittenOverADeviceOrThroughALink() throws Exception {
        Path fifo = tmp.resolve("pipe");
        Assumptions.assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0);
        assertTrue(ExperimentResults.targetProblem(fifo).contains("not a folder"));
        Path real = Files.createDirectory(tmp.resolve("real"));
        Path link = Files.createSymbolicLink(tmp.resolve("link"), real);
        assertTrue(ExperimentResults.targetProblem(link).contains("symbolic link"));
        assertThrows(IOException.class, () -> ExperimentResults.write(ExperimentResultsTest.small(),
                ExperimentResultsTest.chart(), fifo, new Cancellation()));
        assertTrue(Files.exists(fifo, LinkOption.NOFOLLOW_LINKS), "the FIFO was deleted");
    }

    @Test
    void aFailedWriteLeavesTheOldFileAndNoTemporary() throws Exception {
        Path f = Files.writeString(tmp.resolve("s.json"), "old");
        assertThrows(IOException.class, () -> AtomicFiles.write(f, t -> {
            Files.writeString(t, "half");
            throw new IOException("disk full");
        }));
        assertEquals("old", Files.readString(f));
        assertEquals(List.of("s.json"), names(tmp));
    }

    @Test
    void leftoversOfADeadProcessAreRemovedOnTheNextWriteAndNothingElse() throws Exception {
        long dead = deadPid();
        Path stale = Files.writeString(tmp.resolve(".s.json" + AtomicFiles.TEMP_MARK + dead + "-1f.tmp"), "half");
        Path live = Files.writeString(tmp.resolve(".s.json" + AtomicFiles.TEMP_MARK + ProcessHandle.current().pid() + "-2.tmp"), "mine");
        Path user = Files.writeString(tmp.resolve(".s.json.vmsched-notes.txt"), "the user's");
        Path other = Files.writeString(tmp.resolve(".t.json" + AtomicFiles.TEMP_MARK + dead + "-3.tmp"), "another file's");
        write(tmp.resolve("s.json"), "new");
        assertFalse(Files.exists(stale));
        assertTrue(Files.exists(live) && Files.exists(user) && Files.exists(other));
    }

    @Test
    void aSwapInterruptedBetweenItsRenamesIsFinishedByTheNextRun() throws Exception {
        long dead = deadPid();
        Path out = tmp.resolve("out");
        Path old = Files.createDirectory(tmp.resolve(".out" + AtomicFiles.TEMP_MARK + "old-" + dead + "-a"));
        Files.writeString(old.resolve(ExperimentResults.MARKER), "old");
        Path partial = Files.createDirectory(tmp.resolve(".out" + AtomicFiles.TEMP_MARK + "partial-" + dead + "-a"));
        Files.writeString(partial.resolve(ExperimentResults.MARKER), "new");
        AtomicFolder.recover(out);
        assertEquals("new", Files.readString(out.resolve(ExperimentResults.MARKER)));
        assertEquals(List.of("out"), names(tmp));
    }

    @Test
    void anInterruptedWriteBeforeTheSwapKeepsTheOldFolderAndDropsThePartialOne() throws Exception {
        long dead = deadPid();
        Path out = Files.createDirectory(tmp.resolve("out"));
        Files.writeString(out.resolve(ExperimentResults.MARKER), "old");
        Files.createDirectory(tmp.resolve(".out" + AtomicFiles.TEMP_MARK + "partial-" + dead + "-b"));
        AtomicFolder.recover(out);
        assertEquals("old", Files.readString(out.resolve(ExperimentResults.MARKER)));
        assertEquals(List.of("out"), names(tmp));
    }

    /** The id of a process that has ended. */
    static long deadPid() throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        long pid = p.pid();
        Assumptions.assumeFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
        return pid;
    }
}
