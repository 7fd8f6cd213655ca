package org.vmsched.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Task;

/** Regressions found by {@link GoodPeriodsProperties}, each with the shrunk sample. */
class GoodPeriodsTest {

    /**
     * Periods below 1 time unit: the comparison tolerance is absolute there (1e-9), larger than
     * the relative step the interval walk took below each bottom, so the walk used to report
     * four or five phantom single points just under every interval.
     */
    @Test
    void noPhantomPointsBelowIntervalsWhenPeriodsAreShorterThanOneTimeUnit() {
        List<Task> tasks = List.of(new Task("t0", 0.1, 7, 1.2, 0));
        GoodPeriods gp = GoodPeriods.of(tasks, GuestScheduler.RM);
        List<Interval> iv = gp.intervals(0.09, 0, gp.defaultMinPeriod());
        for (Interval in : iv) {
            assertTrue(ResponseTimeAnalysis.schedulable(new Supply(in.lo(), 0.09 * in.lo(), 0), tasks),
                    "bottom of " + in + " fails; good set " + iv);
        }
        assertEquals(0, iv.stream().filter(Interval::isPoint).count(), iv.toString());
    }
}
