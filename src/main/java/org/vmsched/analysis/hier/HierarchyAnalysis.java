package org.vmsched.analysis.hier;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.math3.fraction.BigFraction;
import org.vmsched.analysis.AnalysisLimitException;
import org.vmsched.analysis.AnalysisResult;
import org.vmsched.analysis.CoreVerdict;
import org.vmsched.analysis.ExactDecimal;
import org.vmsched.analysis.PolicyAnalysis;
import org.vmsched.analysis.ResponseTimeAnalysis;
import org.vmsched.analysis.TaskVerdict;
import org.vmsched.analysis.Verdict;
import org.vmsched.analysis.Verdicts;
import org.vmsched.analysis.VmVerdict;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorParams;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.ParamSchema;
import org.vmsched.model.ParamSpec;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * The verdict of a scenario under the hypervisor policies of version 2 (THEORY.md §11, §11.9),
 * dispatched to the {@link CoreAnalysis} each policy's module provides (no switch over policies
 * here): CBS with RM inside by {@link #cbs} ({@link Hierarchies#cbsFp}), FP without budgets with
 * RM inside by {@link #fpFp} ({@link Hierarchies#fpFp}), and for Credit and proportional share the
 * statement that there is no hard guarantee with a dispatch-delay bound ({@link #delays},
 * {@link Hierarchies#credit}, {@link Hierarchies#proportionalShare}). Every value is converted to integer ticks exactly (the
 * least number of decimals that writes all of them); what cannot be decided (EDF inside a VM,
 * values beyond 64-bit ticks) is {@link Verdict#UNDECIDED} with the reason. The result has no
 * periodic-server supply ({@link VmVerdict#supply()} null) and no good periods. Stateless.
 */
public final class HierarchyAnalysis {

    private HierarchyAnalysis() {
    }

    /**
     * A policy's analysis of one core, the entry its module provides (the policy package's
     * modules implement it; a policy whose definition does not is undecided with a reason): its
     * {@link PolicyAnalysis} is this, core by core. Implementations are stateless.
     */
    public interface CoreAnalysis extends PolicyAnalysis {

        @Override
        default AnalysisResult analyze(Scenario s) {
            return HierarchyAnalysis.analyze(s, this);
        }

        /**
         * The verdict of core {@code core} whose VMs (indices into {@code s.vms()}) are {@code on},
         * with the times in ticks of 10^-{@code scale}; each VM's verdict goes to {@code out[v]}.
         * May throw {@link ArithmeticException} when a value does not fit 64-bit ticks.
         */
        CoreVerdict core(Scenario s, int core, List<Integer> on, int scale, VmVerdict[] out);
    }

    /** The analysis of a validated scenario under a version-2 policy: its module's {@link CoreAnalysis} {@code entry}. */
    static AnalysisResult analyze(Scenario s, CoreAnalysis entry) {
        HypervisorPolicy policy = s.hypervisor().policy();
        int scale;
        try {
            scale = scale(s);
        } catch (ArithmeticException e) {
            return AnalysisResult.undecided(s, "the scenario's times need more than " + MAX_SCALE + " decimals to be whole ticks");
        }
        List<CoreVerdict> cores = new ArrayList<>();
        VmVerdict[] vms = new VmVerdict[s.vms().size()];
        for (int c = 0; c < s.hypervisor().cores(); c++) {
            List<Integer> on = new ArrayList<>();
            for (int v = 0; v < s.vms().size(); v++) {
                if (s.vms().get(v).core() == c) {
                    on.add(v);
                }
            }
            try {
                cores.add(entry.core(s, c, on, scale, vms));
            } catch (ArithmeticException e) {
                String why = "the times of core " + c + " do not fit 64-bit ticks of 10^-" + scale;
                for (int v : on) {
                    vms[v] = undecided(s.vms().get(v), why);
                }
                cores.add(new CoreVerdict(c, policy, utilization(s, on), names(s, on), List.of(),
                        Verdicts.labelled(Verdict.UNDECIDED, why), Verdict.UNDECIDED));
            }
        }
        Verdict all = Verdict.SCHEDULABLE;
        for (CoreVerdict cv : cores) {
            all = all.and(cv.verdict());
        }
        List<VmVerdict> out = new ArrayList<>();
        for (VmVerdict v : vms) {
            out.add(v);
            all = all.and(v.verdict());
        }
        return new AnalysisResult(all, cores, out);
    }

    private static final int MAX_SCALE = 9;

    // ---------------------------------------------------------------- CBS/FP

    /**
     * CBS/FP of one core (THEORY.md §11.1): the {@link CoreAnalysis} of CBS, with each VM's relative
     * deadline as its policy module reads it ({@code deadline}: null for the period).
     */
    public static CoreVerdict cbs(Scenario s, int core, List<Integer> on, int scale, VmVerdict[] out,
            Function<VirtualMachine, Double> deadline) {
        List<CbsVm> vms = new ArrayList<>();
        List<Integer> analysed = new ArrayList<>();
        List<CbsReservation> all = new ArrayList<>();
        for (int v : on) {
            VirtualMachine vm = s.vms().get(v);
            CbsReservation r = reservation(vm, deadline.apply(vm), scale);
            all.add(r);
            if (vm.scheduler() == GuestScheduler.EDF) {
                out[v] = undecided(vm, "EDF inside a VM under CBS is not analysed (the CBS/FP test is for fixed"
                        + " priorities inside); simulate it, or use RM inside");
                continue;
            }
            vms.add(new CbsVm(vm.name(), r, byRate(vm.tasks(), scale)));
            analysed.add(v);
        }
        List<CbsFp.Phase> phases = new ArrayList<>();
        for (int v : on) {
            VirtualMachine vm = s.vms().get(v);
            phases.add(CbsFp.phase(reservation(vm, deadline.apply(vm), scale), byRate(vm.tasks(), scale)));
        }
        CbsFp.CoreTest test = CbsFp.coreTest(all, phases);
        boolean admits = test == CbsFp.CoreTest.ADMITS;
        // The VMs with EDF inside still compete for the core: count them as preemptors with their tasks.
        List<CbsVm> competitors = new ArrayList<>(vms);
        for (int v : on) {
            if (!analysed.contains(v)) {
                VirtualMachine vm = s.vms().get(v);
                competitors.add(new CbsVm(vm.name(), reservation(vm, deadline.apply(vm), scale), byRate(vm.tasks(), scale)));
            }
        }
        boolean density = test == CbsFp.CoreTest.UNDECIDED;
        String densityWhy = "core " + core + " fails the demand test of its reservations (some deadline is below its"
                + " period, THEORY.md 11.10; sufficient only): the budgets are not proven";
        String coreNote = admits ? null : density
                ? Verdicts.labelled(Verdict.UNDECIDED, densityWhy)
                : "core " + core + " fails the EDF test of its reservations (sum of Q/P > 1): the budgets are not"
                        + " guaranteed";
        for (int k = 0; k < vms.size(); k++) {
            CbsVm cv = vms.get(k);
            VirtualMachine vm = s.vms().get(analysed.get(k));
            ReservationSupply sup = CbsFp.supply(cv, competitors);
            long[] r;
            try {
                r = sup.responseTimes(cv.tasks());
            } catch (AnalysisLimitException e) {
                out[analysed.get(k)] = undecided(vm, e.getMessage()); // past the work budget (THEORY.md §10)
                continue;
            }
            CbsFp.Phase phase = CbsFp.phase(cv.reservation(), cv.tasks());
            long n = CbsFp.preemptions(cv, competitors);
            String desc = "CBS/FP (hard CBS under EDF, RM inside; THEORY.md §11.1): " + (phase == CbsFp.Phase.ALIGNED
                    ? "aligned (every release on the reservation's grid)" : "any phase") + ", N = " + n
                    + " preemptions per server period, useful " + num(sup.chunk(), scale) + " per "
                    + num(sup.period(), scale) + ", blackout " + num(sup.blackout(), scale);
            VmVerdict vv = verdict(vm, r, cv.tasks(), scale, desc, density ? null : coreNote);
            if (!admits && density) {
                vv = new VmVerdict(vv.name(), vv.period(), vv.budget(), vv.overhead(), vv.bandwidth(),
                        vv.verdict().and(Verdict.UNDECIDED), vv.tmax(), vv.feasiblePeriods(), vv.minPeriod(), vv.tasks(),
                        densityWhy, null, coreNote, null, List.of(), desc, null);
            }
            out[analysed.get(k)] = vv;
        }
        // A failed demand test with the density test passing proves nothing: the core is undecided, and its VMs.
        Verdict verdict = admits ? Verdict.SCHEDULABLE : density ? Verdict.UNDECIDED : Verdict.NOT_SCHEDULABLE;
        return new CoreVerdict(core, s.hypervisor().policy(), utilization(s, on), names(s, on), List.of(), coreNote,
                verdict);
    }

    private static CbsReservation reservation(VirtualMachine vm, Double relativeDeadline, int scale) {
        long period = TickTask.ticks(vm.period(), scale);
        long deadline = relativeDeadline == null ? period : TickTask.ticks(relativeDeadline, scale);
        return new CbsReservation(TickTask.ticks(vm.budget(), scale), period, deadline,
                TickTask.ticks(vm.overhead(), scale));
    }

    // ---------------------------------------------------------------- FP/FP

    /** FP/FP of one core (THEORY.md §11.4): the {@link CoreAnalysis} of FP without budgets. */
    public static CoreVerdict fpFp(Scenario s, int core, List<Integer> on, int scale, VmVerdict[] out) {
        List<FpVm> vms = new ArrayList<>();
        for (int v : on) {
            VirtualMachine vm = s.vms().get(v);
            int prio = vm.priority() == null ? Integer.MAX_VALUE : vm.priority();
            vms.add(new FpVm(vm.name(), prio, byRate(vm.tasks(), scale), TickTask.ticks(vm.overhead(), scale)));
        }
        for (int k = 0; k < on.size(); k++) {
            VirtualMachine vm = s.vms().get(on.get(k));
            if (vm.scheduler() == GuestScheduler.EDF) {
                out[on.get(k)] = undecided(vm, "EDF inside a VM under " + s.hypervisor().policy().title() + " is not analysed (Eq. 1 is for fixed"
                        + " priorities inside); simulate it, or use RM inside");
                continue;
            }
            long[] r;
            try {
                r = FpFp.responseTimes(vms, k);
            } catch (AnalysisLimitException e) {
                out[on.get(k)] = undecided(vm, e.getMessage()); // past the work budget (THEORY.md §10)
                continue;
            }
            String desc = "FP/FP (VM priority " + (vm.priority() == null ? "none" : vm.priority())
                    + ", no budget, RM inside; seed Eq. 1 with X per switch, THEORY.md §11.4)";
            out[on.get(k)] = verdict(vm, r, vms.get(k).tasks(), scale, desc, null);
        }
        // EDF-inside VMs above an RM VM are counted by Eq. 1 as their tasks' demand, whatever order inside.
        // No test at the hypervisor level: the core's row is what Eq. 1 says of the VMs on it, never
        // "ok" above a VM's miss (HypervisorCommandsTest).
        Verdict all = Verdict.SCHEDULABLE;
        for (int v : on) {
            all = all.and(out[v].verdict());
        }
        return new CoreVerdict(core, s.hypervisor().policy(), utilization(s, on), names(s, on), List.of(),
                "FP/FP has no test at the hypervisor level: the core's verdict is its VMs' Eq. 1", all);
    }

    // ---------------------------------------------------------------- Credit, proportional share

    /**
     * A VM's worst-case dispatch delay under a scheduler without hard guarantees (Credit,
     * proportional share; THEORY.md §11.5), from its module.
     */
    public interface DelayBounds {

        /**
         * The bound of {@code vm} among {@code competitors} other VMs of its core, each switch
         * costing {@code overhead} ticks, with the policy's parameters in ticks of 10^-{@code scale}.
         *
         * @throws IllegalArgumentException when the parameters give no bound
         */
        DelayBound of(Scenario s, VirtualMachine vm, int scale, int competitors, long overhead);
    }

    /** The analysis of one core under a policy without hard guarantees: each VM's delay bound, every task undecided. */
    public static CoreVerdict delays(Scenario s, int core, List<Integer> on, int scale, VmVerdict[] out,
                                     DelayBounds bounds) {
        for (int v : on) {
            VirtualMachine vm = s.vms().get(v);
            int m = on.size() - 1;
            long x = TickTask.ticks(vm.overhead(), scale);
            DelayBound b;
            try {
                b = bounds.of(s, vm, scale, m, x);
            } catch (IllegalArgumentException e) {
                out[v] = undecided(vm, "no hard guarantee, and no delay bound: " + e.getMessage());
                continue;
            }
            String statement = inUnits(b.statement(), scale);
            List<TaskVerdict> tasks = new ArrayList<>();
            for (Task t : vm.tasks()) {
                tasks.add(new TaskVerdict(t.name(), t.wcet(), t.period(), t.deadline(), null, Verdict.UNDECIDED));
            }
            out[v] = new VmVerdict(vm.name(), vm.period(), vm.budget(), vm.overhead(), vm.bandwidthAsWritten(),
                    Verdict.UNDECIDED, Double.NaN, List.of(), Double.NaN, tasks, statement, null, null, null, List.of(),
                    statement, Verdict.UNDECIDED);
        }
        // no test at the hypervisor level: the core is undecided, never "schedulable" (NoGuaranteeCoreTest)
        return new CoreVerdict(core, s.hypervisor().policy(), utilization(s, on), names(s, on), List.of(),
                "no hard guarantee at the hypervisor level", Verdict.UNDECIDED);
    }

    // ---------------------------------------------------------------- shared

    /** The VM's verdict from response times in RM order ({@code byRate}); −1 is a miss. */
    private static VmVerdict verdict(VirtualMachine vm, long[] rByRate, List<TickTask> byRate, int scale, String desc,
                                     String coreNote) {
        int[] order = ResponseTimeAnalysis.rateMonotonicOrder(vm.tasks());
        Double[] r = new Double[vm.tasks().size()];
        for (int p = 0; p < order.length; p++) {
            r[order[p]] = rByRate[p] < 0 ? null : value(rByRate[p], scale);
        }
        List<TaskVerdict> tasks = new ArrayList<>();
        boolean all = true;
        for (int i = 0; i < r.length; i++) {
            Task t = vm.tasks().get(i);
            all &= r[i] != null;
            tasks.add(new TaskVerdict(t.name(), t.wcet(), t.period(), t.deadline(), r[i], r[i] != null));
        }
        Verdict v = coreNote != null ? Verdict.NOT_SCHEDULABLE : Verdict.of(all);
        return new VmVerdict(vm.name(), vm.period(), vm.budget(), vm.overhead(), vm.bandwidthAsWritten(), v, Double.NaN,
                List.of(), Double.NaN, tasks, null, null, coreNote, null, List.of(), desc, null);
    }

    /** The verdict of a VM that is not analysed, with the reason. */
    public static VmVerdict undecided(VirtualMachine vm, String why) {
        return VmVerdict.undecided(vm, why);
    }

    /** The tasks in ticks, in rate-monotonic order (the simulator's: by period, ties by position). */
    private static List<TickTask> byRate(List<Task> tasks, int scale) {
        int[] order = ResponseTimeAnalysis.rateMonotonicOrder(tasks);
        List<TickTask> all = TickTask.of(tasks, scale);
        List<TickTask> out = new ArrayList<>();
        for (int i : order) {
            out.add(all.get(i));
        }
        return out;
    }

    /** The least decimals that write every time of the scenario exactly (at most {@link #MAX_SCALE}). */
    static int scale(Scenario s) {
        HypervisorPolicy policy = s.hypervisor().policy();
        HypervisorParams hp = s.hypervisor().effectiveParams();
        List<Task> tasks = new ArrayList<>();
        List<Double> more = new ArrayList<>();
        for (VirtualMachine vm : s.vms()) {
            tasks.addAll(vm.tasks());
            more.add(vm.overhead());
            if (policy.usesBudget()) {
                more.add(vm.period());
                more.add(vm.budget());
            }
            times(policy.definition().vmSchema(), vm.paramsFor(policy, hp), more);
        }
        times(policy.definition().hypervisorSchema(), hp, more);
        int sc = TickTask.scaleOf(tasks, more.stream().mapToDouble(Double::doubleValue).toArray());
        if (sc > MAX_SCALE) {
            throw new ArithmeticException("scale " + sc);
        }
        return sc;
    }

    /** The time values of {@code params} under {@code schema} (absent optional ones skipped). */
    private static void times(ParamSchema schema, Object params, List<Double> out) {
        if (params == null) {
            return;
        }
        Map<String, Object> values = schema.values(params);
        for (ParamSpec p : schema.params()) {
            if (p.isTime() && values.get(p.name()) instanceof Number x) {
                out.add(x.doubleValue());
            }
        }
    }

    /** The core's utilization (its VMs' bandwidths, or under a policy without budgets their tasks'), of the decimals as written. */
    private static double utilization(Scenario s, List<Integer> on) {
        BigFraction u = BigFraction.ZERO;
        for (int v : on) {
            VirtualMachine vm = s.vms().get(v);
            if (s.hypervisor().policy().usesBudget()) {
                u = u.add(ExactDecimal.fraction(vm.budget()).divide(ExactDecimal.fraction(vm.period())));
            } else {
                for (Task t : vm.tasks()) {
                    u = u.add(ExactDecimal.fraction(t.wcet()).divide(ExactDecimal.fraction(t.period())));
                }
            }
        }
        return ExactDecimal.nearest(u);
    }

    private static List<String> names(Scenario s, List<Integer> on) {
        return on.stream().map(v -> s.vms().get(v).name()).toList();
    }

    private static double value(long ticks, int scale) {
        return BigDecimal.valueOf(ticks, scale).doubleValue();
    }

    private static String num(long ticks, int scale) {
        return BigDecimal.valueOf(ticks, scale).stripTrailingZeros().toPlainString();
    }

    /** The analyses' sentences speak ticks; the user wrote the scenario's unit. */
    private static String inUnits(String text, int scale) {
        Matcher m = Pattern.compile("(\\d+) ticks").matcher(text);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(sb, num(Long.parseLong(m.group(1)), scale));
        }
        m.appendTail(sb);
        return sb.toString();
    }
}
