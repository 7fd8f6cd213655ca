package org.vmsched.sim.global;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.vmsched.model.MissPolicy;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.SimulationResult;
import org.vmsched.sim.Simulator;
import org.vmsched.sim.TaskStats;
import org.vmsched.sim.TimeBase;
import org.vmsched.sim.TraceSlice;
import org.vmsched.sim.VmStats;

/**
 * Before the global engine goes: on the random global systems of
 * {@link GlobalSoundnessAgainstSimulationProperties} (2–8 cores, 1–4 virtual CPUs per VM,
 * periodic or deferrable servers, miss policy continue or abort, synchronous or with offsets),
 * global EDF as a scheduler on the one kernel gives what the old engine gave: per task the jobs,
 * completions, misses and largest response time, per VM the overheads and migrations, and the
 * same trace slices.
 */
class KernelMatchesGlobalEngineProperties {

    @Property(seed = "17", tries = 2000)
    void theKernelPathGivesTheGlobalEnginesSchedule(@ForAll long seed) {
        Random rnd = new Random(seed);
        Scenario s = GlobalSoundnessAgainstSimulationProperties.system(rnd);
        if (rnd.nextBoolean()) {
            s = GlobalSoundnessAgainstSimulationProperties.zeroOffsets(s);
        }
        SimulationOptions o = SimulationOptions.DEFAULT.withHorizon(150.0)
                .withServerPolicy(rnd.nextBoolean() ? ServerPolicy.PERIODIC : ServerPolicy.DEFERRABLE)
                .withMissPolicy(rnd.nextInt(4) == 0 ? MissPolicy.ABORT : MissPolicy.CONTINUE);
        SimulationResult kernel = Simulator.run(s, o);
        TimeBase tb = TimeBase.choose(TimeBase.values(s, o), o.resolution());
        GlobalEngine g = new GlobalEngine(s, tb, o, tb.ticksDown(150.0), null, null);
        SimulationResult old = g.result(s, o, g.run(), List.of());
        String where = s.toString() + " " + o;
        assertEquals(old.deadlineMisses(), kernel.deadlineMisses(), where);
        for (int v = 0; v < old.vms().size(); v++) {
            VmStats a = old.vms().get(v);
            VmStats b = kernel.vms().get(v);
            assertEquals(List.of(a.vcpuMigrations(), a.jobMigrations(), a.overheadCount()),
                    List.of(b.vcpuMigrations(), b.jobMigrations(), b.overheadCount()), a.name() + " in " + where);
            assertEquals(a.supply(), b.supply(), 1e-9, a.name() + " in " + where);
            for (int i = 0; i < a.tasks().size(); i++) {
                TaskStats x = a.tasks().get(i);
                TaskStats y = b.tasks().get(i);
                assertEquals(List.of(x.jobs(), x.completed(), x.missed()), List.of(y.jobs(), y.completed(), y.missed()),
                        x.name() + " in " + where);
                assertEquals(x.maxResponseTime(), y.maxResponseTime(), 1e-9, x.name() + " in " + where);
            }
        }
        assertEquals(sorted(old), sorted(kernel), where);
    }

    private static List<TraceSlice> sorted(SimulationResult r) {
        List<TraceSlice> l = new ArrayList<>(r.trace().asList());
        l.sort(Comparator.comparingInt(TraceSlice::core).thenComparingLong(TraceSlice::startTick));
        return l;
    }
}
