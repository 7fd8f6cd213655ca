package org.vmsched.policy.globaledf;

import java.util.List;
import java.util.Map;
import org.vmsched.analysis.AnalysisResult;
import org.vmsched.analysis.MigrationCost;
import org.vmsched.analysis.PolicyAnalysis;
import org.vmsched.analysis.mpr.GlobalAnalysis;
import org.vmsched.model.HypervisorParams;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.ParamSchema;
import org.vmsched.model.ParamSpec;
import org.vmsched.model.Scenario;
import org.vmsched.policy.spi.PolicyModule;
import org.vmsched.policy.spi.SchemaValues;
import org.vmsched.sim.HypervisorScheduler;
import org.vmsched.sim.Narrator;
import org.vmsched.sim.VcpuResponseTimes;

/**
 * Global EDF over virtual CPUs (Xen RTDS): every virtual CPU of every VM is a budgeted server with
 * its VM's period and budget (periodic or deferrable, {@code simulation.serverPolicy}), and the
 * {@code cores} virtual CPUs of earliest server deadline run, on any core (they migrate). Analysed
 * with the multiprocessor periodic resource model (THEORY.md §15), simulated on the kernel by
 * {@link GlobalEarliestDeadlineFirst}. Its one hypervisor parameter,
 * {@code migrationOverhead} (a time, default 0), is what a dispatch of a virtual CPU on another core
 * than its last costs on top of the VM's switch overhead X (THEORY.md §15.12); the analysis counts
 * every dispatch as a migration (§15.2). Immutable.
 */
public final class GlobalEdfPolicy implements PolicyModule, MigrationCost, PolicyAnalysis {

    private static final ParamSchema HYPERVISOR = new ParamSchema(List.of(
            ParamSpec.timeOrZero("migrationOverhead", "Migration cost", "Extra overhead of a vCPU dispatched on"
                    + " another core than the one it last ran on (cache refill), paid from its budget on top of the"
                    + " VM's switch overhead X; a model, not a Xen setting (0: a migration costs what any dispatch does)")));

    @Override
    public String id() {
        return "GLOBAL_EDF";
    }

    @Override
    public String title() {
        return "Global EDF (Xen RTDS)";
    }

    @Override
    public String tinyTitle() {
        return "G-EDF";
    }

    @Override
    public String description() {
        return "Global EDF (Xen RTDS): virtual CPUs on all cores by server deadline";
    }

    @Override
    public boolean global() {
        return true;
    }

    @Override
    public String noAnalysisReason() {
        return "Global EDF is analysed with the multiprocessor periodic resource model (see the verdict table); good"
                + " periods, Tmax and these charts belong to one periodic server on its own core and are not drawn for it";
    }

    @Override
    public ParamSchema hypervisorSchema() {
        return HYPERVISOR;
    }

    /** Global EDF's hypervisor parameters: the extra cost of a migration, scenario time units, 0 or more. */
    public static HypervisorParams hypervisor(double migrationOverhead) {
        return HYPERVISOR.hypervisor(HypervisorPolicy.GLOBAL_EDF, Map.of("migrationOverhead", migrationOverhead));
    }

    /** No extra cost for a migration: it costs X as any dispatch does. */
    @Override
    public HypervisorParams hypervisorDefaults(Map<String, Object> given) {
        return hypervisor(0);
    }

    /** The scenario's {@code migrationOverhead} (0 when it gives none or runs another policy). */
    @Override
    public double migrationOverhead(Scenario s) {
        HypervisorParams hp = s.hypervisor().effectiveParams();
        return hp != null && hp.policy().equals(policy())
                ? SchemaValues.number(SchemaValues.of(hp), "migrationOverhead", 0) : 0;
    }

    @Override
    public HypervisorScheduler newScheduler() {
        return new GlobalEarliestDeadlineFirst(this::migrationOverhead);
    }

    @Override
    public String schedulerName() {
        return "global EDF (Xen RTDS)";
    }

    @Override
    public Narrator.Rank rank() {
        return Narrator.Rank.DEADLINE;
    }

    /** The multiprocessor periodic resource analysis of the virtual CPUs (THEORY.md §15.11). */
    @Override
    public AnalysisResult analyze(Scenario s) {
        return GlobalAnalysis.analyze(s, VcpuResponseTimes.EXACT); // the host's own schedule from the simulator (§15.18)
    }
}
