package org.vmsched.sim.global;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.vmsched.model.Scenario;
import org.vmsched.sim.CoreStats;
import org.vmsched.sim.SimulationResult;
import org.vmsched.sim.SliceKind;
import org.vmsched.sim.TraceSlice;
import org.vmsched.sim.VmStats;

/** What every global-EDF schedule must satisfy, checked on a result with its whole trace. */
final class Invariants {

    private Invariants() {
    }

    static void check(Scenario s, SimulationResult r) {
        for (VmStats v : r.vms()) {
            assertEquals(v.supply(), v.overheadTime() + v.execution() + v.idleBurn(), 1e-6, v.name());
        }
        for (CoreStats c : r.cores()) {
            assertEquals(r.end(), c.busy() + c.idle(), 1e-6, "core " + c.core());
        }
        assertTrue(!r.traceTruncated());
        // only slices of one VM can break these: each VM's running slices are compared among themselves
        Map<String, List<TraceSlice>> byVm = new LinkedHashMap<>();
        for (TraceSlice x : r.trace().asList()) {
            if (x.kind() != SliceKind.IDLE) {
                byVm.computeIfAbsent(x.vm(), k -> new ArrayList<>()).add(x);
            }
        }
        for (List<TraceSlice> slices : byVm.values()) {
            notTwiceAtOnce(s, slices);
        }
    }

    /**
     * At no instant is one vCPU, or one task, on two cores, nor the VM on more cores than it has
     * vCPUs, among the running {@code slices} of one VM. The messages are made only for a failure
     * (made for every pair, they were a fifth of {@link GlobalSoundnessAgainstSimulationProperties}'s CPU).
     */
    private static void notTwiceAtOnce(Scenario s, List<TraceSlice> slices) {
        for (int i = 0; i < slices.size(); i++) {
            TraceSlice a = slices.get(i);
            int sameVm = 1;
            for (int j = 0; j < slices.size(); j++) {
                TraceSlice b = slices.get(j);
                if (j == i || b.core() == a.core() || b.startTick() >= a.endTick() || a.startTick() >= b.endTick()) {
                    continue;
                }
                assertTrue(a.vcpu() != b.vcpu(), () -> "vCPU on two cores: " + a + " " + b);
                assertTrue(a.task() == null || !a.task().equals(b.task()), () -> "task on two cores: " + a + " " + b);
                if (b.startTick() <= a.startTick() && a.startTick() < b.endTick()) {
                    sameVm++;
                }
            }
            int cores = sameVm;
            assertTrue(sameVm <= s.vm(a.vm()).vcpus(), () -> "VM " + a.vm() + " on " + cores + " cores at " + a.start());
        }
    }
}
