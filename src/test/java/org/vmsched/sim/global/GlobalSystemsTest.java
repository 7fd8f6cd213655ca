package org.vmsched.sim.global;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;
import org.junit.jupiter.api.Test;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.SimulationResult;
import org.vmsched.sim.Simulator;

/**
 * {@link GlobalSystems} drawn from jqwik's choices: the lowest choices give the simplest system, the
 * highest the largest (the tree holds enough choices for it), and a property that fails on these
 * systems reports a small one.
 */
class GlobalSystemsTest {

    @Test
    void theLowestChoicesDrawTheSimplestSystem() {
        Scenario s = GlobalSystems.system(tree(0, 1).draws());
        assertEquals(2, s.hypervisor().cores());
        assertNull(s.hypervisor().params(), "no migration cost");
        assertEquals(1, s.vms().size());
        VirtualMachine vm = s.vms().get(0);
        assertEquals(List.of(1, 4.0, 0.0, 0.0, GuestScheduler.RM), List.of(vm.vcpus(), vm.period(), vm.overhead(), vm.offset(), vm.scheduler()));
        assertEquals(List.of(new Task("t0", 0.25, 20, 20, 0)), vm.tasks());
    }

    @Test
    void theHighestChoicesDrawTheLargestSystem() {
        Scenario s = GlobalSystems.system(tree(Choices.RANGE - 1, 4).draws());
        assertEquals(8, s.hypervisor().cores());
        assertTrue(s.hypervisor().params() != null, "a migration cost");
        assertEquals(4, s.vms().size());
        for (VirtualMachine vm : s.vms()) {
            assertEquals(List.of(4, 10.0, 0.05, 9.0, GuestScheduler.GLOBAL_EDF),
                    List.of(vm.vcpus(), vm.period(), vm.overhead(), vm.offset(), vm.scheduler()));
            assertEquals(4, vm.tasks().size());
            vm.tasks().forEach(t -> assertEquals(List.of(120.0, 19.0), List.of(t.period(), t.offset()), t::toString));
        }
    }

    /** A tree of the generator's shape with every choice {@code c}, {@code n} VMs of {@code n} tasks. */
    private static Choices tree(int c, int n) {
        Choices task = new Choices(Collections.nCopies(4, c), List.of());
        Choices vm = new Choices(Collections.nCopies(8, c), Collections.nCopies(n, task));
        return new Choices(Collections.nCopies(4, c), Collections.nCopies(n, vm));
    }

    /**
     * A planted wrong bound, that a task's response time in the run with offsets is at most its
     * WCET + 1 (it forgets the wait for the server's budget), fails; {@link ShrinksToOneTask} checks
     * that the system jqwik reports is the smallest that can fail it and turns the failure into a pass.
     */
    @Property(tries = 100, seed = "31", edgeCases = EdgeCasesMode.NONE)
    @AddLifecycleHook(ShrinksToOneTask.class)
    void aPlantedWrongBoundFailsOnASmallSystem(@ForAll("systems") Scenario s) {
        SimulationResult r = Simulator.run(s, SimulationOptions.DEFAULT.withHorizon(150.0).withTrace(false));
        for (int v = 0; v < s.vms().size(); v++) {
            for (int i = 0; i < s.vms().get(v).tasks().size(); i++) {
                double wcet = s.vms().get(v).tasks().get(i).wcet();
                double seen = r.vms().get(v).tasks().get(i).maxResponseTime();
                assertTrue(!(seen > wcet + 1), "response " + seen + " above the planted bound " + (wcet + 1));
            }
        }
    }

    @Provide
    Arbitrary<Scenario> systems() {
        return GlobalSystems.systems();
    }

    /** Expects the property to fail, reported on 2 cores with one VM of one vCPU and one task, shrunk from a larger system. */
    public static final class ShrinksToOneTask implements AroundPropertyHook {

        @Override
        public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context, PropertyExecutor property) {
            PropertyExecutionResult r = property.execute();
            if (r.status() != PropertyExecutionResult.Status.FAILED) {
                return r.mapToFailed("the planted bound should fail");
            }
            Scenario found = (Scenario) r.originalSample().orElseThrow().parameters().get(0);
            Scenario shrunk = (Scenario) r.shrunkSample().orElseThrow().parameters().get(0);
            System.err.printf("planted bound: found on %s, shrunk in %d steps to %s%n", found,
                    r.shrunkSample().orElseThrow().countShrinkingSteps(), shrunk);
            try {
                assertTrue(tasks(found) > 1, () -> "the failure was found on one task already: " + found);
                assertEquals(2, shrunk.hypervisor().cores(), shrunk::toString);
                assertEquals(1, shrunk.vms().size(), shrunk::toString);
                assertEquals(1, shrunk.vms().get(0).vcpus(), shrunk::toString);
                assertEquals(1, tasks(shrunk), shrunk::toString);
            } catch (AssertionError e) {
                return r.mapToFailed(e);
            }
            return r.mapToSuccessful();
        }

        private static int tasks(Scenario s) {
            return s.vms().stream().mapToInt(vm -> vm.tasks().size()).sum();
        }
    }
}
