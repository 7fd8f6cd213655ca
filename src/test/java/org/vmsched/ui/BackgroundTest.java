package org.vmsched.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;

class BackgroundTest {

    @Test
    void progressReachesTheUiThreadAtMostEveryHalfPercentAndAtEveryNewPhrase() {
        List<Runnable> posted = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        Progress p = Background.onUi(posted::add, (done, total, what) -> seen.add(done + "/" + total + " " + what));
        for (int i = 0; i <= 100_000; i++) {
            p.progress(i, 100_000, "simulating");
        }
        p.progress(0, 3, "writing");
        assertTrue(posted.size() <= 202, "posted " + posted.size());
        posted.forEach(Runnable::run);
        assertEquals("0/100000 simulating", seen.get(0));
        assertTrue(seen.contains("100000/100000 simulating"), "the end is always posted");
        assertEquals("0/3 writing", seen.get(seen.size() - 1));
    }

    @Test
    void workWhoseTokenIsAlreadyCancelledNeverStarts() {
        List<String> ran = new ArrayList<>();
        Cancellation c = new Cancellation();
        c.cancel();
        Background.immediate().schedule(() -> ran.add("late"), c, 0);
        Background.immediate().schedule(() -> ran.add("on time"), new Cancellation(), 0);
        assertEquals(List.of("on time"), ran);
    }
}
