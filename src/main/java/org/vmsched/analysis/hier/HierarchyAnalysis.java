package org.vmsched.analysis.hier;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.math3.fraction.BigFraction;
import org.vmsched.analysis.AnalysisResult;
import org.vmsched.analysis.CoreVerdict;
import org.vmsched.analysis.ExactDecimal;
import org.vmsched.analysis.PolicyAnalysis;
import org.vmsched.analysis.ResponseTimeAnalysis;
import org.vmsched.analysis.TaskVerdict;
import org.vmsched.analysis.Verdict;
import org.vmsched.analysis.Verdicts;
import org.vmsched.analysis.VmVerdict;
import org.vmsched.model.HypervisorParams;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.ParamSchema;
import org.vmsched.model.ParamSpec;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * The verdict of a scenario under the hypervisor policies analysed core by core (THEORY.md §11,
 * §11.9), dispatched to the {@link CoreAnalysis} each policy's module provides (no switch over
 * policies here). Each policy's own analysis of a core lives in its policy package: CBS/FP in
 * {@code policy.cbs}, FP/FP in {@code policy.fp}, the dispatch-delay bounds of Credit and
 * proportional share in {@code policy.credit} and {@code policy.share}. What they share stays
 * here, in the analysis layer: the scale of the scenario's ticks and the dispatch over its cores
 * ({@link #analyze}), the verdicts built from response times ({@link #vmVerdict},
 * {@link #coreVerdict}, {@link #undecided}), the tasks in rate-monotonic order
 * ({@link #rateMonotonic}), and the analysis of a core without hard guarantees from a
 * {@link DelayBounds} ({@link #delays}, Credit's and proportional share's). Every value is
 * converted to integer ticks exactly (the least number of decimals that writes all of them);
 * what cannot be decided (EDF inside a VM, values beyond 64-bit ticks) is
 * {@link Verdict#UNDECIDED} with the reason. The result has no periodic-server supply
 * ({@link VmVerdict#supply()} null) and no good periods. Stateless.
 */
public final class HierarchyAnalysis {

    private HierarchyAnalysis() {
    }

    /**
     * A policy's analysis of one core, the entry its module provides (the modules of
     * {@code policy.cbs}, {@code policy.fp}'s FP without budgets, {@code policy.credit} and
     * {@code policy.share} implement it, each with its analysis in its own package; a policy
     * whose definition does not is undecided with a reason): its {@link PolicyAnalysis} is this,
     * core by core. Implementations are stateless.
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
                cores.add(coreVerdict(s, c, on, Verdicts.labelled(Verdict.UNDECIDED, why), Verdict.UNDECIDED));
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

    // ---------------------------------------------------------------- without hard guarantees (Credit, proportional share)

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
        return coreVerdict(s, core, on, "no hard guarantee at the hypervisor level", Verdict.UNDECIDED);
    }

    // ---------------------------------------------------------------- shared

    /**
     * The verdict of {@code vm} from its tasks' response times in ticks of 10^-{@code scale}, in
     * rate-monotonic order ({@code byRate}, as {@link #rateMonotonic} gives them; −1 is a miss),
     * described by {@code desc}; a {@code coreNote} (the core fails its test) makes it not
     * schedulable, with the note.
     */
    public static VmVerdict vmVerdict(VirtualMachine vm, long[] rByRate, List<TickTask> byRate, int scale, String desc,
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

    /** The tasks in ticks of 10^-{@code scale}, in rate-monotonic order (the simulator's: by period, ties by position). */
    public static List<TickTask> rateMonotonic(List<Task> tasks, int scale) {
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

    /**
     * The verdict of core {@code core} whose VMs are {@code on} (indices into {@code s.vms()}):
     * {@code verdict} with its {@code note} (null for none), the core's utilization and its VMs' names.
     */
    public static CoreVerdict coreVerdict(Scenario s, int core, List<Integer> on, String note, Verdict verdict) {
        return new CoreVerdict(core, s.hypervisor().policy(), utilization(s, on), names(s, on), List.of(), note, verdict);
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

    /** {@code ticks} of 10^-{@code scale} as the decimal the user would write (no trailing zeros). */
    public static String decimal(long ticks, int scale) {
        return BigDecimal.valueOf(ticks, scale).stripTrailingZeros().toPlainString();
    }

    /** The analyses' sentences speak ticks; the user wrote the scenario's unit. */
    private static String inUnits(String text, int scale) {
        Matcher m = Pattern.compile("(\\d+) ticks").matcher(text);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(sb, decimal(Long.parseLong(m.group(1)), scale));
        }
        m.appendTail(sb);
        return sb.toString();
    }
}
