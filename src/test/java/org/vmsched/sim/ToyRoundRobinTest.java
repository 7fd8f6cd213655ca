package org.vmsched.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * Issue 10's seam check: a hypervisor written in the tests as one class — strict round robin
 * over the ready VMs of each core with a fixed slice ({@link RoundRobinScheduler}) — simulated with no change to the engine or
 * the model (it is handed to {@link Simulator#run(Scenario, SimulationOptions,
 * HypervisorScheduler)}; a built-in policy is one line in {@link HypervisorSchedulers}).
 */
class ToyRoundRobinTest {

    @Test
    void aRoundRobinWrittenInATestRunsThroughTheSeam() {
        List<VirtualMachine> vms = new ArrayList<>();
        for (String n : List.of("A", "B", "C")) {
            vms.add(VirtualMachine.of(n, 1, 1, 0, List.of(new Task(n.toLowerCase(), 10, 40, 40, 0))));
        }
        SimulationResult r = Simulator.run(Scenario.of("rr", vms), SimulationOptions.DEFAULT.withHorizon(40.0),
                new RoundRobinScheduler(c -> 5, (c, v) -> 1));
        List<String> got = new ArrayList<>();
        for (TraceSlice s : r.trace().asList()) {
            got.add(s.vm() + "@" + (long) s.start() + "-" + (long) s.end());
        }
        assertEquals(List.of("A@0-5", "B@5-10", "C@10-15", "A@15-20", "B@20-25", "C@25-30", "null@30-40"), got);
        assertEquals(10, r.vm("B").execution(), 1e-9);
    }
}
