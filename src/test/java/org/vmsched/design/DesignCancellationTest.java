package org.vmsched.design;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;

/**
 * Issue 18: the window's Design dialog could cancel only between VMs, so one VM's period search
 * and a placement ran to their end. The engine now checks the run's {@link Cancellation} before
 * each exact question and reports its position at each check (THEORY.md §12.8). The tests count
 * the checks through the progress they report (no clock): a cancel at the N-th check ends the
 * work with {@link CancelledException} with no further check, so at most the exact questions of
 * one check are asked after it.
 */
public class DesignCancellationTest {

    /** Counts the checks (each reports progress once) and cancels at the {@code tripAt}-th. */
    static final class Tripwire implements Progress {
        final Cancellation cancel = new Cancellation();
        final long tripAt;
        final List<Double> seen = new ArrayList<>();
        final List<String> phrases = new ArrayList<>();
        long afterCancel;

        Tripwire(long tripAt) {
            this.tripAt = tripAt;
        }

        @Override
        public void progress(long done, long total, String what) {
            if (cancel.isCancelled()) {
                afterCancel++;
            }
            seen.add(Progress.ratio(done, total));
            phrases.add(what);
            if (seen.size() == tripAt) {
                cancel.cancel();
            }
        }
    }

    /**
     * One VM of ten tasks with an overhead: its search asks hundreds of exact questions (also the
     * Design dialog's test of a cancel within one VM).
     */
    public static Scenario bigVm() {
        Random r = new Random(18);
        List<Task> ts = new ArrayList<>();
        for (int j = 0; j < 10; j++) {
            int p = 10 + r.nextInt(91);
            ts.add(Task.of("t" + (j + 1), Math.max(0.01, Math.ceil(p * 0.006 * 100) / 100), p));
        }
        return Scenario.of("one big VM", List.of(VirtualMachine.of("big", 10, 5, 0.1, ts)));
    }

    /** Ten VMs of four tasks each, for placement. */
    static Scenario tenVms() {
        Random r = new Random(7);
        List<VirtualMachine> vms = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            List<Task> ts = new ArrayList<>();
            for (int j = 0; j < 4; j++) {
                int p = 10 + r.nextInt(91);
                ts.add(Task.of("t" + (j + 1), Math.max(0.01, Math.ceil(p * 0.04 * 100) / 100), p));
            }
            vms.add(VirtualMachine.of("VM" + (i + 1), 10, 5, 0.1 * r.nextInt(3), ts));
        }
        return Scenario.of("ten VMs", vms).withHypervisor(new Platform(HypervisorPolicy.EDF, 4));
    }

    private static InterfaceDesign design(Scenario s, Tripwire t) throws CancelledException {
        return InterfaceDesigner.design(s, s.vms().get(0), ReservationServer.PERIODIC, DesignConstraints.DEFAULT, true, t,
                t.cancel);
    }

    @Test
    void oneVmsSearchReportsItsProgressAsItGoesAndGivesTheSameDesign() throws Exception {
        Scenario s = bigVm();
        Tripwire all = new Tripwire(Long.MAX_VALUE);
        InterfaceDesign d = design(s, all);
        assertEquals(InterfaceDesigner.design(s, s.vms().get(0), ReservationServer.PERIODIC, DesignConstraints.DEFAULT,
                true), d, "progress and a token change nothing of the answer");
        assertTrue(d.found());
        assertTrue(all.seen.size() > 200, "checks within the one VM's search: " + all.seen.size());
        for (int i = 1; i < all.seen.size(); i++) {
            assertTrue(all.seen.get(i) >= all.seen.get(i - 1), "the progress never goes back: at " + i + " " + all.seen);
        }
        assertEquals(1.0, all.seen.get(all.seen.size() - 1), 0);
        // the bar moves through the bisection, the proposals and the curve, not in one jump
        long steps = all.seen.stream().distinct().count();
        assertTrue(steps > 100, "distinct positions: " + steps);
        assertTrue(all.phrases.stream().allMatch("designing big"::equals), all.phrases.toString());
    }

    @Test
    void aCancelWithinOneVmsSearchStopsAtTheNextCheck() throws Exception {
        Scenario s = bigVm();
        Tripwire all = new Tripwire(Long.MAX_VALUE);
        design(s, all);
        long total = all.seen.size();
        // early in the bisection, in the proposals' budget searches and in the curve
        for (long n : new long[] {1, 5, total / 3, total / 2, total - 2}) {
            Tripwire t = new Tripwire(n);
            assertThrows(CancelledException.class, () -> design(s, t), "cancelled at check " + n + " of " + total);
            assertEquals(n, t.seen.size(), "no check after the cancel (at " + n + ")");
            assertEquals(0, t.afterCancel);
        }
    }

    @Test
    void aCancelDuringAPlacementStopsAtTheNextCheckInEveryPhase() throws Exception {
        Scenario s = tenVms();
        Tripwire all = new Tripwire(Long.MAX_VALUE);
        Placement.Result r = Placement.place(s, 4, ReservationServer.PERIODIC, DesignConstraints.DEFAULT, all, all.cancel);
        assertEquals(Placement.place(s, 4, ReservationServer.PERIODIC, DesignConstraints.DEFAULT), r);
        assertTrue(r.fits(), String.join("\n", r.explanation()));
        assertEquals(1.0, all.seen.get(all.seen.size() - 1), 0);
        // a check in each phase: designing each VM alone, placing each VM, emptying cores, the final check
        List<Long> trips = new ArrayList<>();
        for (String phase : List.of("placing: designing VM1 alone", "placing: designing VM10 alone", "placing VM",
                "placing: emptying cores", "placing: checking")) {
            int i = 0;
            while (i < all.phrases.size() && !all.phrases.get(i).startsWith(phase)) {
                i++;
            }
            assertTrue(i < all.phrases.size(), "a check while " + phase + ": " + all.phrases);
            trips.add((long) i + 1);
        }
        for (long n : trips) {
            Tripwire t = new Tripwire(n);
            assertThrows(CancelledException.class, () -> Placement.place(s, 4, ReservationServer.PERIODIC,
                    DesignConstraints.DEFAULT, t, t.cancel), "cancelled at check " + n + " (" + all.phrases.get((int) n - 1) + ")");
            assertEquals(n, t.seen.size(), "no check after the cancel (at " + n + ")");
        }
    }
}
