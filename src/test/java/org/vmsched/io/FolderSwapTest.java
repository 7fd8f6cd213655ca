package org.vmsched.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vmsched.progress.Cancellation;
import org.vmsched.experiment.TmaxResult;

/**
 * Replacing a results folder never leaves its name empty (issue 12: "after any interruption the
 * path the user named holds the old or the new content, never nothing"): where the system can
 * exchange two folders in one step, a watcher that looks at the name all through a few hundred
 * replacements never finds it missing.
 */
class FolderSwapTest {

    @TempDir
    Path tmp;

    @Test
    void exchangeSwapsTwoFoldersInOneStep() throws Exception {
        assumeTrue(FolderExchange.available(), "no folder exchange on this system");
        Path a = Files.createDirectory(tmp.resolve("a α"));
        Path b = Files.createDirectory(tmp.resolve("b"));
        Files.writeString(a.resolve("from-a"), "a");
        Files.writeString(b.resolve("from-b"), "b");
        assertTrue(FolderExchange.exchange(a, b));
        assertEquals(List.of("from-b"), ExperimentResultsTest.names(a));
        assertEquals(List.of("from-a"), ExperimentResultsTest.names(b));
    }

    @Test
    void theResultsFolderNameIsNeverEmptyWhileItIsReplaced() throws Exception {
        assumeTrue(FolderExchange.available(), "no folder exchange on this system");
        TmaxResult r = ExperimentResultsTest.small();
        Path out = tmp.resolve("out");
        ExperimentResults.write(r, List.of(), out, new Cancellation());
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong looks = new AtomicLong();
        AtomicLong missing = new AtomicLong();
        Thread watcher = new Thread(() -> {
            while (!stop.get()) {
                if (!Files.isDirectory(out)) {
                    missing.incrementAndGet();
                }
                looks.incrementAndGet();
            }
        });
        watcher.start();
        try {
            for (int i = 0; i < 400; i++) {
                ExperimentResults.write(r, List.of(), out, new Cancellation());
            }
        } finally {
            stop.set(true);
            watcher.join();
        }
        assertTrue(looks.get() > 400, "the watcher hardly looked: " + looks.get());
        assertEquals(0, missing.get(), "the name was empty at " + missing.get() + " of " + looks.get() + " looks");
        assertEquals(List.of("experiment.json", "tmax-points.csv", "tmax-sets.csv"), ExperimentResultsTest.names(out));
        assertEquals(List.of("out"), ExperimentResultsTest.names(tmp));
    }
}
