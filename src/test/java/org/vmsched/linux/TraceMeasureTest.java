package org.vmsched.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * Hand-made traces of one task (vm/t, WCET 1, period 10, deadline 10, 1 time unit = 1 ms) for
 * each rule of a job and each mess a real trace has.
 */
class TraceMeasureTest {

    static final Scenario ONE = Scenario.of("one", List.of(VirtualMachine.of("vm", 10, 5, 0,
            List.of(Task.of("t", 1, 10), Task.of("u", 1, 20)))));

    /** A tracefs line at {@code ms} milliseconds. */
    static String sw(double ms, String prev, int prevPid, String state, String next, int nextPid) {
        return "          " + prev + "-" + prevPid + "     [001] d..2. " + ts(ms) + ": sched_switch: prev_comm=" + prev
                + " prev_pid=" + prevPid + " prev_prio=9 prev_state=" + state + " ==> next_comm=" + next + " next_pid="
                + nextPid + " next_prio=120\n";
    }

    static String wake(double ms, String comm, int pid) {
        return "            java-77    [001] dNh3. " + ts(ms) + ": sched_wakeup: comm=" + comm + " pid=" + pid
                + " prio=9 target_cpu=001\n";
    }

    static String ts(double ms) {
        long us = Math.round(ms * 1000);
        return (100 + us / 1_000_000) + "." + String.valueOf(1_000_000 + us % 1_000_000).substring(1);
    }

    static TraceMeasure.Measurement measure(String trace, double from) throws Exception {
        TraceMeasure m = new TraceMeasure(ONE, 1000, from, null);
        SchedTraceParser.Summary s = SchedTraceParser.parse(new ByteArrayInputStream(("# tracer: nop\n" + trace)
                .getBytes(StandardCharsets.UTF_8)), m);
        m.overwritten(s.overwritten());
        return m.finish();
    }

    static TraceMeasure.MeasuredTask t(TraceMeasure.Measurement m) {
        return m.tasks().get(0);
    }

    /** The start-up (0–3 ms), then two jobs: woken at 10 and 20, asleep at 12 and 21.5. */
    static final String TWO_JOBS = wake(0, "t", 5) + sw(0.1, "java", 77, "R", "t", 5) + sw(3, "t", 5, "S", "java", 77)
            + wake(10, "t", 5) + sw(10.5, "java", 77, "R", "t", 5) + sw(12, "t", 5, "S", "java", 77)
            + wake(20, "t", 5) + sw(20, "java", 77, "R", "t", 5) + sw(21.5, "t", 5, "S", "java", 77);

    @Test
    void theFirstActivationIsTheStartUpAndNotAJob() throws Exception {
        TraceMeasure.MeasuredTask t = t(measure(TWO_JOBS, 0));
        assertEquals(2, t.jobs());
        assertEquals(1, t.startups());
        assertEquals(3, t.maxStartup(), 1e-9);
        assertEquals(2, t.maxResponse(), 1e-9);
        assertEquals(1.75, t.meanResponse(), 1e-9);
        assertEquals(1.5, t.maxExecution(), 1e-9);
        assertEquals(0, t.misses());
    }

    @Test
    void aWaitInStateDBelongsToTheJob() throws Exception {
        String d = TWO_JOBS + wake(30, "t", 5) + sw(30, "java", 77, "R", "t", 5) + sw(30.5, "t", 5, "D", "java", 77)
                + wake(40, "t", 5) + sw(40, "java", 77, "R", "t", 5) + sw(41, "t", 5, "S", "java", 77);
        TraceMeasure.MeasuredTask t = t(measure(d, 0));
        assertEquals(3, t.jobs(), "the wake-up at 40 ends the D wait, it starts no job");
        assertEquals(11, t.maxResponse(), 1e-9);
        assertEquals(1.5, t.maxExecution(), 1e-9);
        assertEquals(1, t.misses(), "11 > deadline 10");
        assertEquals(1, t.histogram()[TraceMeasure.BINS - 1]);
    }

    @Test
    void aJobCutByTheEndOfTheTraceIsNotCounted() throws Exception {
        TraceMeasure.MeasuredTask t = t(measure(TWO_JOBS + wake(30, "t", 5) + sw(30, "java", 77, "R", "t", 5), 0));
        assertEquals(2, t.jobs());
        assertEquals(1, t.cut());
    }

    @Test
    void lostEventsCutTheJobInProgressAndWaitForTheNextSleep() throws Exception {
        String lost = TWO_JOBS + wake(30, "t", 5) + "CPU:1 [LOST 40 EVENTS]\n" + sw(35, "t", 5, "S", "java", 77)
                + wake(40, "t", 5) + sw(40, "java", 77, "R", "t", 5) + sw(41, "t", 5, "S", "java", 77);
        TraceMeasure.Measurement m = measure(lost, 0);
        assertEquals(3, t(m).jobs(), "the sleep at 35 ends no job; the one from 40 counts");
        assertEquals(1, t(m).cut());
        assertTrue(m.notes().stream().anyMatch(n -> n.contains("lost events")), m.notes().toString());
    }

    @Test
    void aRenamedThreadKeepsItsTaskAndOthersAreIgnored() throws Exception {
        String renamed = TWO_JOBS
                + wake(30, "t-renamed", 5) + sw(30, "java", 77, "R", "t-renamed", 5) + sw(31, "t-renamed", 5, "S", "x", 9)
                + wake(32, "t2", 6) + sw(32, "x", 9, "R", "t2", 6) + sw(39, "t2", 6, "S", "x", 9);
        TraceMeasure.Measurement m = measure(renamed, 0);
        assertEquals(3, t(m).jobs());
        assertEquals(2, t(m).maxResponse(), 1e-9, "the other process t2 is not the task");
    }

    @Test
    void fromSkipsTheJobsWokenBeforeIt() throws Exception {
        TraceMeasure.MeasuredTask t = t(measure(TWO_JOBS, 15));
        assertEquals(1, t.jobs());
        assertEquals(1, t.skipped());
        assertEquals(1.5, t.maxResponse(), 1e-9);
    }

    @Test
    void aSwitchOutOfIdleThatIsMissingIsInferredFromTheWakeUp() throws Exception {
        String idle = TWO_JOBS + sw(25, "java", 77, "S", "swapper/1", 0) + wake(30, "t", 5) + sw(31, "t", 5, "S", "swapper/1", 0);
        TraceMeasure.Measurement m = measure(idle, 0);
        assertEquals(3, t(m).jobs());
        assertEquals(1, t(m).maxResponse() >= 1 ? 1 : 0);
        assertEquals(1.5, t(m).maxExecution(), 1e-9, "it ran from its wake-up at 30 to 31 (1), below the earlier 1.5");
        assertTrue(m.notes().stream().anyMatch(n -> n.contains("idle")), m.notes().toString());
    }

    @Test
    void theSupplyCurveCountsOnlyWindowsWithAJobReady() throws Exception {
        // t ready 40–46 but runs only 44–46: the least supply in a window of 4 from 40 is 0
        String wait = TWO_JOBS + wake(40, "t", 5) + sw(44, "java", 77, "R", "t", 5) + sw(46, "t", 5, "S", "java", 77);
        VmSupplyWindows.Curve c = measure(wait, 0).vms().get(0).supply();
        int k = 0;
        while (c.lengths()[k] < 4 - 1e-9) {
            k++;
        }
        assertEquals(0, c.least()[k - 1], 1e-9, "window of " + c.lengths()[k - 1] + " from 40");
        assertTrue(c.windows()[k - 1] > 0);
        assertEquals(Double.NaN, c.least()[c.lengths().length - 1], "no window of 20 with work throughout");
    }

    @Test
    void theCpuTimePerPeriodLeavesOutTheStartUp() throws Exception {
        // a start-up of 7.9 in the first period (rt-app's set-up, on any CPU, before its policy and affinity are
        // set: not the group's budgeted runtime), then jobs of 1.5 at 10 and 20: the budget of 5 held in every period
        String trace = wake(0, "t", 5) + sw(0.1, "java", 77, "R", "t", 5) + sw(8, "t", 5, "S", "java", 77)
                + wake(10, "t", 5) + sw(10.5, "java", 77, "R", "t", 5) + sw(12, "t", 5, "S", "java", 77)
                + wake(20, "t", 5) + sw(20, "java", 77, "R", "t", 5) + sw(21.5, "t", 5, "S", "java", 77)
                + wake(30, "t", 5) + sw(30, "java", 77, "R", "t", 5) + sw(30.5, "t", 5, "S", "java", 77);
        TraceMeasure.MeasuredVm vm = measure(trace, 0).vms().get(0);
        assertEquals(3, vm.periods());
        assertEquals(1.5, vm.maxPerPeriod(), 1e-9);
        assertEquals(1, vm.meanPerPeriod(), 1e-9, "(0 + 1.5 + 1.5) / 3");
        assertEquals(8, t(measure(trace, 0)).maxStartup(), 1e-9, "the start-up itself is still reported, from its wake-up");
    }

    @Test
    void aMapByThreadIdOrNameOverridesTheNames() throws Exception {
        TraceMeasure m = new TraceMeasure(ONE, 1000, 0, Map.of("5", "vm/u"));
        SchedTraceParser.parse(new ByteArrayInputStream(("# tracer: nop\n" + TWO_JOBS).getBytes(StandardCharsets.UTF_8)), m);
        TraceMeasure.Measurement r = m.finish();
        assertEquals(0, r.tasks().get(0).jobs());
        assertEquals(2, r.tasks().get(1).jobs());
    }
}
