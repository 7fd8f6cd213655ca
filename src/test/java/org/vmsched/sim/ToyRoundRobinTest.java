package org.vmsched.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * Issue 10's seam check: a hypervisor written here, in a test, as one class — strict round robin
 * over the ready VMs of each core with a fixed slice — simulated with no change to the engine or
 * the model (it is handed to {@link Simulator#run(Scenario, SimulationOptions,
 * HypervisorScheduler)}; a built-in policy is one line in {@link HypervisorSchedulers}).
 */
class ToyRoundRobinTest {

    /** Strict round robin, fixed slice, in scenario order; a VM with nothing ready is skipped. */
    static final class RoundRobin implements HypervisorScheduler {

        private final double sliceUnits;
        private SchedulerContext ctx;
        private long slice;
        private int[] next;

        RoundRobin(double sliceUnits) {
            this.sliceUnits = sliceUnits;
        }

        @Override
        public void start(SchedulerContext c) {
            ctx = c;
            slice = c.ticks(sliceUnits);
            next = new int[c.laneCount()];
            for (int v = 0; v < c.vmCount(); v++) {
                c.setBudget(v, slice);
            }
        }

        @Override
        public void onActivation(int v, long t) {
            if (ctx.running(ctx.lane(v)) < 0) {
                ctx.reschedule(ctx.lane(v));
            }
        }

        @Override
        public void onBlock(int v, long t) {
            ctx.reschedule(ctx.lane(v));
        }

        @Override
        public void onBudgetExhausted(int v, long t) {
            ctx.setBudget(v, 0);
            ctx.reschedule(ctx.lane(v));
        }

        @Override
        public int pick(int lane, long t) {
            int cur = ctx.running(lane);
            if (cur >= 0 && ctx.ready(cur) && ctx.budget(cur) > 0) {
                return cur;
            }
            int[] vs = ctx.vmsOn(lane);
            for (int k = 0; k < vs.length; k++) {
                int v = vs[(next[lane] + k) % vs.length];
                if (ctx.ready(v)) {
                    next[lane] = (next[lane] + k + 1) % vs.length;
                    ctx.setBudget(v, slice);
                    return v;
                }
            }
            return -1;
        }
    }

    @Test
    void aRoundRobinWrittenInATestRunsThroughTheSeam() {
        List<VirtualMachine> vms = new ArrayList<>();
        for (String n : List.of("A", "B", "C")) {
            vms.add(VirtualMachine.of(n, 1, 1, 0, List.of(new Task(n.toLowerCase(), 10, 40, 40, 0))));
        }
        SimulationResult r = Simulator.run(Scenario.of("rr", vms), SimulationOptions.DEFAULT.withHorizon(40.0),
                new RoundRobin(5));
        List<String> got = new ArrayList<>();
        for (TraceSlice s : r.trace().asList()) {
            got.add(s.vm() + "@" + (long) s.start() + "-" + (long) s.end());
        }
        assertEquals(List.of("A@0-5", "B@5-10", "C@10-15", "A@15-20", "B@20-25", "C@25-30", "null@30-40"), got);
        assertEquals(10, r.vm("B").execution(), 1e-9);
    }
}
