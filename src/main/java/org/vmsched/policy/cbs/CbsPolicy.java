package org.vmsched.policy.cbs;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.vmsched.analysis.CoreVerdict;
import org.vmsched.analysis.VmVerdict;
import org.vmsched.analysis.hier.HierarchyAnalysis;
import org.vmsched.model.HypervisorParams;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.ParamSchema;
import org.vmsched.model.ParamSpec;
import org.vmsched.model.Problem;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;
import org.vmsched.model.VmParams;
import org.vmsched.policy.spi.PolicyModule;
import org.vmsched.policy.spi.SchemaValues;
import org.vmsched.sim.HypervisorScheduler;
import org.vmsched.sim.Narrator;
import org.vmsched.text.Format;

/**
 * CBS (Linux SCHED_DEADLINE): every VM is a hard constant-bandwidth server (runtime = budget,
 * period, an optional relative deadline) under EDF of its server deadlines, with the wake-up rule
 * and throttling. Analysed by CBS/FP (THEORY.md §11.1), in {@code CbsAnalysis}. Immutable.
 */
public final class CbsPolicy implements PolicyModule, HierarchyAnalysis.CoreAnalysis {

    private static final ParamSchema VM = new ParamSchema(List.of(
            ParamSpec.time("deadline", "Deadline D", "CBS relative deadline D (SCHED_DEADLINE's sched_deadline):"
                    + " runtime ≤ D ≤ period; empty = the period").asOptional().prompting("= period")));

    @Override
    public String id() {
        return "CBS";
    }

    @Override
    public String title() {
        return "CBS";
    }

    @Override
    public String description() {
        return "CBS: reservations (SCHED_DEADLINE)";
    }

    @Override
    public String periodLabel() {
        return "Period P";
    }

    @Override
    public String budgetLabel() {
        return "Runtime Q";
    }

    @Override
    public String noAnalysisReason() {
        return "CBS is analysed by CBS/FP (see the verdict table); good periods, Tmax and these charts belong to the"
                + " periodic server's analysis and are not drawn for it";
    }

    @Override
    public ParamSchema vmSchema() {
        return VM;
    }

    /** A VM's CBS parameters: its relative {@code deadline}, null for its period (implicit). */
    public static VmParams vm(Double deadline) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("deadline", deadline);
        return VM.vm(HypervisorPolicy.CBS, v);
    }

    /** The relative deadline of {@code vm} under CBS, null for its period. */
    static Double deadline(VirtualMachine vm) {
        return SchemaValues.of(vm.paramsFor(HypervisorPolicy.CBS, null)).get("deadline") instanceof Number d
                ? d.doubleValue() : null;
    }

    @Override
    public Double reservationDeadline(VirtualMachine vm) {
        return deadline(vm);
    }

    @Override
    public VirtualMachine withReservationDeadline(VirtualMachine vm, double d) {
        return vm.withParams(vm(d));
    }

    @Override
    public VmParams vmDefaults(HypervisorParams hp) {
        return vm(null);
    }

    @Override
    public void validateVm(Scenario s, String path, VirtualMachine vm, List<Problem> out) {
        if (vm.params() == null || !vm.params().policy().equals(policy()) || deadline(vm) == null) {
            return;
        }
        double d = deadline(vm);
        String p = path + ".deadline";
        if (valid(d) && valid(vm.budget()) && d < vm.budget()) {
            out.add(new Problem(p, "must be at least the budget (runtime) " + Format.exact(vm.budget())
                    + ", got " + Format.exact(d)));
        }
        if (valid(d) && valid(vm.period()) && d > vm.period()) {
            out.add(new Problem(p, "must not exceed the period " + Format.exact(vm.period())
                    + ", got " + Format.exact(d)));
        }
    }

    private static boolean valid(double x) {
        return Double.isFinite(x) && x > 0;
    }

    @Override
    public HypervisorScheduler newScheduler() {
        return new CbsScheduler(CbsPolicy::deadline);
    }

    @Override
    public String schedulerName() {
        return "CBS (SCHED_DEADLINE)";
    }

    @Override
    public Narrator.Rank rank() {
        return Narrator.Rank.OWN_STATE;
    }

    @Override
    public CoreVerdict core(Scenario s, int core, List<Integer> on, int scale, VmVerdict[] out) {
        return CbsAnalysis.core(s, core, on, scale, out);
    }
}
