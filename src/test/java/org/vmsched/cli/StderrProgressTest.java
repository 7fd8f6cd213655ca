package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** The stderr progress line of a long command-line run, on a clock the test moves (no waiting). */
class StderrProgressTest {

    private long now;

    @Test
    void silentForTheFirstSecondThenOneLineASecondAndTheLastAtTheEnd() {
        StringWriter err = new StringWriter();
        StderrProgress p = new StderrProgress(new PrintWriter(err), () -> now);
        now = 500_000_000L;
        p.progress(10, 100, "simulating");
        assertEquals("", err.toString(), "nothing within the first second");
        now = 1_200_000_000L;
        p.progress(37, 100, "simulating");
        now = 1_900_000_000L;
        p.progress(50, 100, "simulating");
        now = 2_300_000_000L;
        p.progress(100, 100, "simulating");
        assertEquals(String.format("simulating: 37%% of the horizon, 1 s%nsimulating: 100%% of the horizon, 2 s%n"),
                err.toString());
    }

    @Test
    void aRunUnderASecondPrintsNothingAtItsEnd() {
        StringWriter err = new StringWriter();
        StderrProgress p = new StderrProgress(new PrintWriter(err), () -> now);
        now = 900_000_000L;
        p.progress(100, 100, "simulating");
        assertEquals("", err.toString());
    }

    @Test
    void theEndIsSaidOnceAndWithAnotherPhraseThanTheHorizon() {
        StringWriter err = new StringWriter();
        StderrProgress p = new StderrProgress(new PrintWriter(err), () -> now, "");
        now = 1_500_000_000L;
        p.progress(40, 100, "designing VM1");
        p.progress(100, 100, "designing VM1");
        p.progress(100, 100, "designing");
        assertEquals(String.format("designing VM1: 40%%, 1 s%ndesigning VM1: 100%%, 1 s%n"), err.toString());
    }
}
