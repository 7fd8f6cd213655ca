package org.vmsched.experiment;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.SimulationSettings;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * Systems of VMs of virtual CPUs on a multicore host under global EDF (Xen RTDS, periodic
 * servers; THEORY.md §16.2): {@code tasks} tasks from the experiment's generator with total
 * utilisation u·cores, dealt to the {@code vms} VMs in turn (task i to VM i mod vms); each VM has
 * {@code vcpus} virtual CPUs of period Π = {@code serverPeriodFraction}·(its shortest task period)
 * rounded down, and budget ⌈{@code bandwidthFactor}·U_VM/k·Π⌉ + X (at most Π), all to the
 * generator's decimals. EDF inside when {@code edfInside} (global EDF on several vCPUs), else RM.
 * Immutable and thread-safe.
 *
 * @param overhead X per dispatch of a virtual CPU, ≥ 0
 */
public record VcpuSystems(int cores, int tasks, int vms, int vcpus, boolean edfInside, double serverPeriodFraction,
                          double bandwidthFactor, double overhead) implements SystemShape {

    @Override
    public String kind() {
        return "vcpus";
    }

    @Override
    public GeneratedSystem generate(Experiment e, double u, int index) {
        MultiprocessorTaskSets g = (MultiprocessorTaskSets) e.generator();
        List<Task> all = g.generate(tasks, u * cores, RandomStreams.forSystem(e.seed(), u, index));
        double longest = 0;
        List<VirtualMachine> out = new ArrayList<>();
        for (int v = 0; v < vms; v++) {
            List<Task> mine = new ArrayList<>();
            for (int i = v; i < all.size(); i += vms) {
                mine.add(all.get(i));
            }
            double shortest = Double.MAX_VALUE;
            double load = 0;
            for (Task t : mine) {
                shortest = Math.min(shortest, t.period());
                longest = Math.max(longest, t.period());
                load += t.wcet() / t.period();
            }
            double step = BigDecimal.ONE.movePointLeft(g.decimals()).doubleValue();
            double period = Math.max(step, round(serverPeriodFraction * shortest, g.decimals(), RoundingMode.FLOOR));
            double budget = round(bandwidthFactor * load / vcpus * period, g.decimals(), RoundingMode.CEILING);
            budget = Math.min(period, Math.max(step, budget) + overhead);
            GuestScheduler guest = vcpus > 1 ? (edfInside ? GuestScheduler.GLOBAL_EDF : GuestScheduler.GLOBAL_RM)
                    : (edfInside ? GuestScheduler.EDF : GuestScheduler.RM);
            out.add(new VirtualMachine("vm" + (v + 1), period, budget, overhead, 0, 0, guest, null, mine, null, vcpus));
        }
        Scenario s = new Scenario(Scenario.LATEST_SCHEMA_VERSION, "u " + u + " system " + index, "",
                new Platform(HypervisorPolicy.GLOBAL_EDF, cores, null), out, SimulationSettings.DEFAULT);
        AcceptanceStudy st = (AcceptanceStudy) e.study();
        return new GeneratedSystem(s, null, st.horizonPeriods() * longest);
    }

    /** x to {@code decimals} decimals from its exact binary value (the same on every JDK). */
    static double round(double x, int decimals, RoundingMode mode) {
        return new BigDecimal(x).setScale(decimals, mode).doubleValue();
    }
}
