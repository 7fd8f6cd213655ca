package org.vmsched.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The scheduler seam cannot trap a policy's author (issue 31): {@code decide} and {@code pick}
 * used to default to each other, so a scheduler that overrode neither compiled and overflowed the
 * stack at its first decision. Now each interface leaves exactly one of them abstract, so the
 * compiler asks for it.
 */
class SchedulerSeamTest {

    /** The methods an interface leaves for its implementer (abstract, not defaults). */
    private static List<String> abstractMethods(Class<?> type) {
        List<String> out = new ArrayList<>();
        for (Method m : type.getDeclaredMethods()) {
            if (Modifier.isAbstract(m.getModifiers()) && !m.isDefault()) {
                out.add(m.getName());
            }
        }
        out.sort(null);
        return out;
    }

    @Test
    void aHypervisorSchedulerMustAnswerDecideItself() throws NoSuchMethodException {
        Method decide = HypervisorScheduler.class.getMethod("decide", int.class, long.class);
        assertFalse(decide.isDefault(), "decide must not fall back on anything a scheduler may leave out");
        assertEquals(List.of("decide", "start"), abstractMethods(HypervisorScheduler.class));
    }

    @Test
    void aPartitionedSchedulerMustAnswerPickAndItsDecideIsPicksVm() throws NoSuchMethodException {
        assertEquals(List.of("pick"), abstractMethods(PartitionedScheduler.class));
        assertTrue(PartitionedScheduler.class.getMethod("decide", int.class, long.class).isDefault());
    }

    @Test
    void aMinimalPartitionedSchedulerRunsWithoutRecursing() {
        // start and pick only: the least a policy's author can write, run to the horizon
        PartitionedScheduler minimal = new PartitionedScheduler() {
            private SchedulerContext ctx;

            @Override
            public void start(SchedulerContext c) {
                ctx = c;
                for (int v = 0; v < c.vmCount(); v++) {
                    c.setBudget(v, SchedulerContext.UNLIMITED);
                }
            }

            @Override
            public int pick(int lane, long t) {
                for (int v : ctx.vmsOn(lane)) {
                    if (ctx.ready(v)) {
                        return v;
                    }
                }
                return -1;
            }
        };
        org.vmsched.model.Scenario s = org.vmsched.model.Scenario.of("minimal", List.of(org.vmsched.model.VirtualMachine.of(
                "A", 1, 1, 0, List.of(org.vmsched.model.Task.of("a", 1, 4)))));
        SimulationResult r = Simulator.run(s, SimulationOptions.DEFAULT.withHorizon(8.0), minimal);
        assertEquals(2, r.vm("A").tasks().get(0).completed());
    }
}
