package org.vmsched.design;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.vmsched.analysis.AnalysisLimitException;
import org.vmsched.analysis.BudgetSearch;
import org.vmsched.analysis.CoreVerdict;
import org.vmsched.analysis.HypervisorTest;
import org.vmsched.analysis.Supply;
import org.vmsched.analysis.VmSupply;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.progress.CancelledException;
import org.vmsched.text.Format;

/**
 * Whether one VM joins one core of a {@link Placement} (THEORY.md §12.6), and first fit over the
 * cores with it: the VM joins with its interface, each VM of the core gets the exact least budget
 * with the preemptions of its new mates, and the core must pass the hypervisor test; failing that,
 * one common period is tried for the whole core. The least budgets found (per VM and supply
 * shape: the tasks never change) are kept for the whole placement, and before each one computed
 * it checks the current {@link Work}. One per placement; not thread-safe.
 */
final class CoreFit {

    /** A least budget's question: the VM (by name; its tasks and overhead never change) and the supply's shape. */
    private record Shape(String vm, double period, int preemptions, Supply.Kind kind, double start) {
    }

    /** The new list of all VMs ({@code placed} with the core's VMs replaced, the new VM last), or why not. */
    private record Attempt(List<VirtualMachine> vms, String reason) {
    }

    /** Periods tried as a common period of a core: at most this many of the core's own. */
    private static final int HARMONIC_CANDIDATES = 4;

    private final Scenario base;
    private final Map<String, Double> aloneBw;
    private final Map<Shape, Double> budgets = new HashMap<>();
    private Work work;

    /** For VMs of {@code base} (its hypervisor and server policy) whose least bandwidths alone are {@code aloneBw}. */
    CoreFit(Scenario base, Map<String, Double> aloneBw, Work work) {
        this.base = base;
        this.aloneBw = aloneBw;
        this.work = work;
    }

    /** The questions from now on counted in {@code w}. */
    void at(Work w) {
        work = w;
    }

    Work work() {
        return work;
    }

    /**
     * {@code placed} with {@code vm} on the first of {@code cores} (not {@code skip}) that takes it,
     * or null; each core's refusal is added to {@code refusals} when that is not null (with the
     * progress of the cores tried).
     */
    List<VirtualMachine> firstFit(List<VirtualMachine> placed, VirtualMachine vm, Iterable<Integer> cores, int count,
                                  int skip, List<String> refusals) throws CancelledException {
        for (int c : cores) {
            if (c == skip) {
                continue;
            }
            if (refusals != null) {
                work.step((double) c / count);
            }
            double load = aloneBw.get(vm.name());
            for (VirtualMachine v : placed) {
                if (v.core() == c) {
                    load += aloneBw.get(v.name());
                }
            }
            if (load > 1 + 1e-12) {
                // Every VM needs at least its bandwidth alone, and no policy gives a core more than 1.
                if (refusals != null) {
                    refusals.add(String.format(Locale.ROOT, "  core %d: the least bandwidths would add up to %s > 1",
                            c, Format.fixed(load, 6)));
                }
                continue;
            }
            Attempt a = join(placed, vm.withCore(c), c);
            if (a.vms() != null) {
                return a.vms();
            }
            if (refusals != null) {
                refusals.add("  core " + c + ": " + a.reason());
            }
        }
        return null;
    }

    /** {@code vm} (on core c) joins core c as designed, else with one common period for the core. */
    private Attempt join(List<VirtualMachine> placed, VirtualMachine vm, int c) throws CancelledException {
        Attempt a = tryCore(placed, vm, c);
        return a.vms() == null ? harmonise(placed, vm, c, a) : a;
    }

    /**
     * Whether a T whose total bandwidth will be at least about {@code atLeast} (a bound summed apart,
     * so within rounding) can still win against the best so far: a sum of positive bandwidths only
     * grows, and a tie goes to the T tried first. The margin covers that rounding (loads are at most
     * about 1); the load itself is compared exactly.
     */
    private static boolean mayWin(double atLeast, double bestLoad) {
        double low = atLeast - 1e-12;
        return low <= 1 && low < bestLoad;
    }

    /**
     * A lower bound on any budget's bandwidth the VM's tasks need at period t: their utilisation and
     * the overhead X lost in every period (no server supplies more than C − X per period, and a
     * sound test passes no budget whose long-run supply falls short of the tasks' demand).
     */
    static double least(VirtualMachine v, double t) {
        double u = 0;
        for (Task k : v.tasks()) {
            u += k.utilization();
        }
        return u + v.overhead() / t;
    }

    /** The least budget of {@code vm}'s tasks at {@code shape} (its budget ignored), NaN when none is enough. */
    double minBudget(VirtualMachine vm, Supply shape) throws CancelledException {
        Shape key = new Shape(vm.name(), shape.period(), shape.preemptions(), shape.kind(), shape.start());
        Double known = budgets.get(key);
        if (known != null) {
            return known;
        }
        work.check();
        double b = BudgetSearch.minBudget(vm, shape);
        budgets.put(key, b);
        return b;
    }

    /**
     * {@code vm} added to core c: each VM of the core gets the least budget that keeps its deadlines
     * with the preemptions of its new mates (its period kept), then the core is tested.
     */
    private Attempt tryCore(List<VirtualMachine> placed, VirtualMachine vm, int c) throws CancelledException {
        List<VirtualMachine> list = new ArrayList<>(placed);
        list.add(vm);
        Scenario sc = base.withVms(list);
        for (int i = 0; i < list.size(); i++) {
            VirtualMachine v = list.get(i);
            if (v.core() != c) {
                continue;
            }
            Supply supply = VmSupply.of(sc, v);
            try {
                double need = minBudget(v, supply);
                if (!Double.isNaN(need) && supply.budget() >= need) {
                    continue; // schedulable: the budget reaches the least budget at this shape (monotone in C)
                }
                if (Double.isNaN(need)) {
                    return new Attempt(null, "VM " + v.name() + " at period " + Format.significant(v.period(), 6)
                            + " would miss a deadline even with the whole period as budget there ("
                            + VmSupply.describe(supply.withServer(v.period(), v.period())) + ")");
                }
                list.set(i, v.withServer(v.period(), need, v.overhead()));
            } catch (AnalysisLimitException e) {
                return new Attempt(null, "VM " + v.name() + ": " + e.getMessage());
            }
        }
        // Budgets do not change P (it depends on periods only), so one pass suffices.
        work.check();
        CoreVerdict cv = HypervisorTest.analyzeCore(base.withVms(list), c);
        if (!cv.schedulable()) {
            return new Attempt(null, String.format(Locale.ROOT, "the %s hypervisor test fails (utilisation %s with the"
                    + " budgets raised for the preemptions)%s", cv.policy(), Format.fixed(cv.utilization(), 6),
                    cv.note() == null ? "" : ": " + cv.note()));
        }
        return new Attempt(list, null);
    }

    /**
     * The fallback when {@code vm} does not fit core c as designed: one common period T for every VM
     * of the core. Every VM of the core is set to T before any budget is computed, so each gets its
     * least budget among mates already at T: under EDF and RM equal periods never preempt one
     * another (THEORY.md §6.1: a tie keeps the core), so that is its least budget alone at T (until
     * issue 18 the mates not yet moved to T were charged as preempting at their old periods). T is
     * tried among the core's periods (the new VM's, the shortest, the longest, a middle one); the
     * passing T of least total bandwidth wins (the first of them on a tie). A T stops being costed
     * once its bandwidth so far cannot win.
     */
    private Attempt harmonise(List<VirtualMachine> placed, VirtualMachine vm, int c, Attempt failed)
            throws CancelledException {
        List<VirtualMachine> list = new ArrayList<>(placed);
        list.add(vm);
        LinkedHashSet<Double> cands = candidatePeriods(list, vm, c);
        List<VirtualMachine> best = null;
        double bestLoad = Double.POSITIVE_INFINITY;
        int tried = 0;
        for (double t : cands) {
            if (tried++ >= HARMONIC_CANDIDATES) {
                break;
            }
            // every VM of the core at T first: each one's supply is then the one the core will have
            List<VirtualMachine> trial = atPeriod(list, c, t);
            Scenario atT = base.withVms(trial);
            double rest = 0; // a lower bound on the bandwidths still to be costed at T
            for (VirtualMachine v : trial) {
                rest += v.core() == c ? least(v, t) : 0;
            }
            double load = 0;
            boolean ok = mayWin(rest, bestLoad);
            for (int i = 0; i < trial.size() && ok; i++) {
                VirtualMachine v = trial.get(i);
                if (v.core() != c) {
                    continue;
                }
                Supply shape = VmSupply.of(atT, v);
                double need;
                try {
                    need = minBudget(v, shape);
                } catch (AnalysisLimitException e) {
                    need = Double.NaN;
                }
                if (Double.isNaN(need)) {
                    ok = false;
                } else {
                    trial.set(i, v.withServer(t, need, v.overhead()));
                    load += need / t;
                    rest -= least(v, t);
                    ok = load <= 1 && load < bestLoad && mayWin(load + rest, bestLoad);
                }
            }
            if (!ok || load > 1 || load >= bestLoad) {
                continue;
            }
            Attempt a = tryCore(trial.subList(0, trial.size() - 1), trial.get(trial.size() - 1), c);
            if (a.vms() != null) {
                best = a.vms();
                bestLoad = load;
            }
        }
        return best != null ? new Attempt(best, null)
                : new Attempt(null, failed.reason() + "; nor with one common period for the core");
    }

    /**
     * The common periods harmonise tries for core {@code c}, in order: the new VM's, then the
     * least, the greatest and the median of the core's periods, each once.
     */
    private static LinkedHashSet<Double> candidatePeriods(List<VirtualMachine> list, VirtualMachine vm, int c) {
        List<Double> periods = new ArrayList<>();
        for (VirtualMachine v : list) {
            if (v.core() == c) {
                periods.add(v.period());
            }
        }
        periods.sort(null);
        LinkedHashSet<Double> cands = new LinkedHashSet<>();
        cands.add(vm.period());
        cands.add(periods.get(0));
        cands.add(periods.get(periods.size() - 1));
        cands.add(periods.get(periods.size() / 2));
        return cands;
    }

    /** {@code list} with every VM of core {@code c} a server of period and budget {@code t}. */
    private static List<VirtualMachine> atPeriod(List<VirtualMachine> list, int c, double t) {
        List<VirtualMachine> trial = new ArrayList<>(list);
        for (int i = 0; i < trial.size(); i++) {
            VirtualMachine v = trial.get(i);
            if (v.core() == c) {
                trial.set(i, v.withServer(t, t, v.overhead()));
            }
        }
        return trial;
    }
}
