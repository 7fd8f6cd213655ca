package org.vmsched.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.MissPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * The kernel's side of the scheduler seam: the documented tie order at one instant (completions,
 * then queued timers, replenishments and releases FIFO, then the decisions), and (VM, core)
 * decisions that move a VM to another core (a toy migrating scheduler, written here).
 */
class KernelDecisionsTest {

    /** Logs every hook and question with its tick; one VM, unlimited budget. */
    static final class Recording implements PartitionedScheduler {
        final List<String> log = new ArrayList<>();
        private SchedulerContext ctx;

        @Override
        public void start(SchedulerContext c) {
            ctx = c;
            c.setBudget(0, SchedulerContext.UNLIMITED);
            // armed before the kernel queues the releases: first in line among equals at tick 4
            c.timer(4, 7);
            c.replenishAt(4, 0);
        }

        @Override
        public void onActivation(int v, long t) {
            log.add(t + " activation");
        }

        @Override
        public void onBlock(int v, long t) {
            log.add(t + " block");
        }

        @Override
        public void onTimer(int id, long t) {
            log.add(t + " timer " + id);
        }

        @Override
        public long onReplenish(int v, long t) {
            log.add(t + " replenish " + v);
            return Long.MAX_VALUE;
        }

        @Override
        public int pick(int lane, long t) {
            log.add(t + " decide " + lane);
            return ctx.ready(0) ? 0 : -1;
        }
    }

    @Test
    void oneInstantRunsCompletionsThenQueuedEventsFifoThenOneDecision() {
        Scenario s = Scenario.of("ties", List.of(VirtualMachine.of("A", 1, 1, 0, List.of(Task.of("a", 4, 4)))));
        Recording r = new Recording();
        SimulationResult res = Simulator.run(s, SimulationOptions.DEFAULT.withHorizon(6.0), r);
        // the job released at 0 completes exactly at 4 (the VM blocks) before anything queued at 4;
        // the timer and the replenishment were queued before that release, so they come first
        assertEquals(List.of("0 activation", "0 decide 0", "4 block", "4 timer 7", "4 replenish 0", "4 activation",
                "4 decide 0"), r.log);
        assertEquals(1, res.vm("A").tasks().get(0).completed());
    }

    @Test
    void aJobCompletingExactlyAtItsDeadlineMeetsItBeforeTheDeadlineCheck() {
        Scenario s = Scenario.of("edge", List.of(VirtualMachine.of("A", 1, 1, 0, List.of(new Task("a", 4, 8, 4, 0)))));
        SimulationResult res = Simulator.run(s, SimulationOptions.DEFAULT.withHorizon(16.0).withMissPolicy(MissPolicy.ABORT));
        assertEquals(0, res.deadlineMisses());
        assertEquals(2, res.vm("A").tasks().get(0).completed());
    }

    /** Each core runs its first ready VM; after a timer at tick 3, VM 0 is moved to core 1. */
    static final class Migrating implements HypervisorScheduler {
        private SchedulerContext ctx;
        private boolean moved;

        @Override
        public void start(SchedulerContext c) {
            ctx = c;
            for (int v = 0; v < c.vmCount(); v++) {
                c.setBudget(v, SchedulerContext.UNLIMITED);
            }
            c.timer(3, 0);
        }

        @Override
        public void onActivation(int v, long t) {
            ctx.reschedule(ctx.lane(v));
        }

        @Override
        public void onBlock(int v, long t) {
            ctx.reschedule(ctx.lane(v));
        }

        @Override
        public void onTimer(int id, long t) {
            moved = true;
            // only core 1 is asked: the kernel asks core 0 again once VM 0 has left it
            ctx.reschedule(1);
        }

        @Override
        public long decide(int lane, long t) {
            if (moved && lane == 1 && ctx.ready(0)) {
                return Decision.run(0, 1);
            }
            for (int v : ctx.vmsOn(lane)) {
                if (ctx.ready(v)) {
                    return Decision.run(v, lane);
                }
            }
            return Decision.idle(lane);
        }
    }

    @Test
    void aDecisionPlacingAVmOnAnotherCoreMovesIt() {
        Scenario s = Scenario.of("migrate", List.of(
                VirtualMachine.of("A", 1, 1, 0, List.of(Task.of("a", 8, 20))),
                VirtualMachine.of("B", 1, 1, 0, List.of(Task.of("b", 1, 20))).withCore(1)))
                .withHypervisor(new Platform(HypervisorPolicy.EDF, 2));
        SimulationResult r = Simulator.run(s, SimulationOptions.DEFAULT.withHorizon(20.0), new Migrating());
        List<String> got = new ArrayList<>();
        for (TraceSlice sl : r.trace().asList()) {
            got.add(sl.core() + ":" + sl.vm() + "@" + sl.startTick() + "-" + sl.endTick());
        }
        got.sort(null);
        assertEquals(List.of("0:A@0-3", "0:null@3-20", "1:A@3-8", "1:B@0-1", "1:null@1-3", "1:null@8-20"), got);
        assertEquals(8, r.vm("A").execution(), 1e-9);
        assertEquals(8, r.vm("A").tasks().get(0).maxResponseTime(), 1e-9);
        assertEquals(0, r.deadlineMisses());
    }

    @Test
    void aDecisionForAnotherCoreThanTheOneAskedIsRefused() {
        Scenario s = Scenario.of("wrong", List.of(VirtualMachine.of("A", 1, 1, 0, List.of(Task.of("a", 1, 4)))))
                .withHypervisor(new Platform(HypervisorPolicy.EDF, 2));
        HypervisorScheduler wrong = new HypervisorScheduler() {
            @Override
            public void start(SchedulerContext c) {
                c.setBudget(0, SchedulerContext.UNLIMITED);
            }

            @Override
            public long decide(int lane, long t) {
                return Decision.run(0, 1 - lane);
            }
        };
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> Simulator.run(s, SimulationOptions.DEFAULT.withHorizon(8.0), wrong));
        assertTrue(e.getMessage().contains("answered for core 1 when asked for core 0 at tick 0"), e.getMessage());
    }
}
