package org.vmsched.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one writer of whole output folders (issue 30, items 14 and 17), with failures injected
 * where a kill or a read-only file system would strike: the name keeps the old folder or none,
 * never a part, and the message is the reason without the hidden temporary name.
 */
class AtomicFolderTest {

    @TempDir
    Path tmp;

    private Path oldFolder() throws IOException {
        Path out = Files.createDirectory(tmp.resolve("out"));
        Files.writeString(out.resolve("mark.csv"), "old");
        Files.writeString(out.resolve("only-in-the-old.png"), "old");
        return out;
    }

    @Test
    void aFailureMidwayLeavesTheOldFolderAsItWasAndNoPartialOne() throws Exception {
        Path out = oldFolder();
        IOException e = assertThrows(IOException.class, () -> AtomicFolder.write(out, "mark.csv", "a test folder", dir -> {
            Files.writeString(dir.resolve("mark.csv"), "new");
            // what a read-only file system or a full disk answers, naming the (temporary) file
            throw new FileSystemException(dir.resolve("chart.png").toString(), null, "Read-only file system");
        }));
        assertEquals("read-only file system", e.getMessage());
        assertEquals("old", Files.readString(out.resolve("mark.csv")));
        assertEquals(List.of("mark.csv", "only-in-the-old.png"), ExperimentResultsTest.names(out));
        assertEquals(List.of("out"), ExperimentResultsTest.names(tmp));
    }

    @Test
    void aCompleteWriteReplacesTheOldFolderWholeNeverMixed() throws Exception {
        Path out = oldFolder();
        AtomicFolder.write(out, "mark.csv", "a test folder", dir -> Files.writeString(dir.resolve("mark.csv"), "new"));
        assertEquals(List.of("mark.csv"), ExperimentResultsTest.names(out));
        assertEquals("new", Files.readString(out.resolve("mark.csv")));
        assertEquals(List.of("out"), ExperimentResultsTest.names(tmp));
    }

    @Test
    void onlyAnEmptyFolderOrOneWithTheMarkerIsReplaced() throws Exception {
        Path empty = Files.createDirectory(tmp.resolve("empty"));
        assertNull(AtomicFolder.targetProblem(empty, "mark.csv", "a test folder"));
        Path other = Files.createDirectory(tmp.resolve("other"));
        Files.writeString(other.resolve("thesis.tex"), "keep");
        assertEquals(other + " exists and is not a test folder (no mark.csv); choose another folder",
                AtomicFolder.targetProblem(other, "mark.csv", "a test folder"));
        IOException e = assertThrows(IOException.class, () -> AtomicFolder.write(other, "mark.csv", "a test folder",
                dir -> Files.writeString(dir.resolve("mark.csv"), "new")));
        assertTrue(e.getMessage().contains("not a test folder"), e.getMessage());
        assertEquals(List.of("thesis.tex"), ExperimentResultsTest.names(other));
    }
}
