package org.vmsched.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Task;

/**
 * Issue 18: a VM among neighbours has its good periods searched segment by segment (THEORY.md
 * §6.5), and each segment walked only over its own stretch of the axis, from its top down, rather
 * than over the whole axis and clipped. The two must give the same intervals, bit for bit, once
 * clipped to the segment.
 */
class SegmentWalkProperties {

    @Property(tries = 400)
    void walkingOneSegmentGivesTheClippedWholeWalk(@ForAll("taskSets") List<Task> tasks,
                                                   @ForAll("schedulers") GuestScheduler scheduler,
                                                   @ForAll("fractions") double alphaAboveU,
                                                   @ForAll("preemptions") int p,
                                                   @ForAll("fractions") double x,
                                                   @ForAll("fractions") double y) {
        double u = 0;
        double maxD = 0;
        for (Task t : tasks) {
            u += t.utilization();
            maxD = Math.max(maxD, t.deadline());
        }
        double alpha = Math.min(1, u + (1 - u) * (0.05 + 0.95 * alphaAboveU));
        GoodPeriods gp = GoodPeriods.of(tasks, scheduler);
        double min = gp.defaultMinPeriod();
        Supply shape = new Supply(1, alpha, 0.01 * (p % 3), p, Supply.Kind.PERIODIC, 0);
        double top = 2 * maxD;
        double lo = min + (top - min) * Math.min(x, y);
        double hi = min + (top - min) * Math.max(x, y);
        assertEquals(clip(gp.intervals(alpha, shape, min), lo, hi), clip(gp.intervals(alpha, shape, min, lo, hi), lo, hi));
    }

    private static List<Interval> clip(List<Interval> ivs, double lo, double hi) {
        List<Interval> out = new ArrayList<>();
        for (Interval iv : ivs) {
            double a = Math.max(iv.lo(), lo);
            double b = Math.min(iv.hi(), hi);
            if (a <= b) {
                out.add(new Interval(a, b));
            }
        }
        return out;
    }

    @Provide
    Arbitrary<List<Task>> taskSets() {
        return GoodPeriodsProperties.smallTaskSets();
    }

    @Provide
    Arbitrary<GuestScheduler> schedulers() {
        return Arbitraries.of(GuestScheduler.RM, GuestScheduler.EDF);
    }

    @Provide
    Arbitrary<Double> fractions() {
        return Arbitraries.doubles().between(0, 1);
    }

    @Provide
    Arbitrary<Integer> preemptions() {
        return Arbitraries.integers().between(0, 4);
    }
}
