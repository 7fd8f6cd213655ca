package org.vmsched.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * The supply a VM's tasks can count on, given its neighbours (THEORY.md §6.1): the number P of
 * times other VMs of its core can preempt it within one of its periods, from the hypervisor
 * policy, the core mates and the server policy, and the {@link Supply.Kind} of its server.
 *
 * <p>A VM is preempted only when a VM that outranks it strictly becomes eligible while it runs
 * (a running VM keeps the core on a tie). A periodic server becomes eligible only at its
 * replenishment; a deferrable one also at each release of one of its tasks. Within a period
 * (r, r + T) of the VM:
 * <ul>
 *   <li>EDF: a neighbour j outranks it only with a deadline before r + T, so a periodic j
 *       preempts at most ⌈(T − Tj)/Tj⌉ times, and only if Tj &lt; T; a deferrable j also at
 *       each of its tasks' releases, Σk ⌈T/Tk⌉.</li>
 *   <li>RM (strictly shorter period) and FP (strictly smaller priority number): ⌈T/Tj⌉ for each
 *       such j, plus Σk ⌈T/Tk⌉ for a deferrable j.</li>
 * </ul>
 * P counts can only grow with the VM's period T, so a P found at the top of a range of periods
 * is safe for the whole range. Stateless.
 */
public final class VmSupply {

    private VmSupply() {
    }

    /** The supply of {@code vm} at its own period and budget, among its scenario's neighbours. */
    public static Supply of(Scenario scenario, VirtualMachine vm) {
        return at(scenario, vm, vm.period(), vm.budget());
    }

    /** The supply of {@code vm} if it had period {@code period} and budget {@code budget}. */
    public static Supply at(Scenario scenario, VirtualMachine vm, double period, double budget) {
        List<VirtualMachine> mates = coreMates(scenario, vm);
        boolean deferrable = scenario.simulation().serverPolicy() == ServerPolicy.DEFERRABLE;
        HypervisorPolicy policy = scenario.hypervisor().policy();
        double start = 0;
        for (Task t : vm.tasks()) {
            if (t.offset() < vm.offset()) {
                start = vm.offset(); // a task waits for the VM's first replenishment
            }
        }
        if (deferrable && !delayable(policy, vm, period, mates)) {
            return new Supply(period, budget, vm.overhead(), 0, Supply.Kind.DEFERRABLE_UNDELAYED, start);
        }
        long p = 0;
        for (VirtualMachine j : mates) {
            p = saturatedAdd(p, preemptionsBy(policy, vm, period, j, deferrable));
        }
        int pi = (int) Math.min(p, Integer.MAX_VALUE);
        return new Supply(period, budget, vm.overhead(), pi,
                deferrable ? Supply.Kind.DEFERRABLE : Supply.Kind.PERIODIC, start);
    }

    /** The other VMs on {@code vm}'s core (by identity of name; names are unique). */
    public static List<VirtualMachine> coreMates(Scenario scenario, VirtualMachine vm) {
        List<VirtualMachine> out = new ArrayList<>();
        for (VirtualMachine j : scenario.vms()) {
            if (j.core() == vm.core() && !j.name().equals(vm.name())) {
                out.add(j);
            }
        }
        return out;
    }

    /**
     * Whether a neighbour can keep the VM from running when it becomes ready with budget: any
     * neighbour under EDF (its deadline may be earlier), one of equal or higher rank under RM/FP
     * (a running VM keeps the core on a tie).
     */
    private static boolean delayable(HypervisorPolicy policy, VirtualMachine vm, double period,
                                     List<VirtualMachine> mates) {
        for (VirtualMachine j : mates) {
            switch (policy) {
                case EDF -> {
                    return true;
                }
                case RM -> {
                    if (j.period() <= period) {
                        return true;
                    }
                }
                case FP -> {
                    if (priority(j) <= priority(vm)) {
                        return true;
                    }
                }
                default -> throw new IllegalStateException();
            }
        }
        return false;
    }

    /** How often neighbour j can preempt the VM within one period of length {@code period}. */
    static long preemptionsBy(HypervisorPolicy policy, VirtualMachine vm, double period, VirtualMachine j,
                              boolean deferrable) {
        long releases;
        switch (policy) {
            case EDF -> releases = j.period() < period ? ceilCount(period - j.period(), j.period()) : 0;
            case RM -> releases = j.period() < period ? ceilCount(period, j.period()) : 0;
            case FP -> releases = priority(j) < priority(vm) ? ceilCount(period, j.period()) : 0;
            default -> throw new IllegalStateException();
        }
        boolean outranks = switch (policy) {
            case EDF -> true; // a deferrable j's current deadline may fall inside the VM's period
            case RM -> j.period() < period;
            case FP -> priority(j) < priority(vm);
        };
        if (deferrable && outranks) {
            for (Task k : j.tasks()) {
                releases = saturatedAdd(releases, ceilCount(period, k.period()));
            }
        }
        return releases;
    }

    /** At most this many events of period {@code every} fall in an open interval of length len: ⌈len/every⌉. */
    static long ceilCount(double len, double every) {
        if (!(len > 0)) {
            return 0;
        }
        double q = Math.ceil(len / every);
        // ⌈len/every⌉ in floating point may be one short when len is a multiple of every up to
        // rounding in the wrong direction; one more is always safe here.
        if (q * every < len) {
            q += 1;
        }
        return q >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) q;
    }

    private static long saturatedAdd(long a, long b) {
        long r = a + b;
        return ((a ^ r) & (b ^ r)) < 0 ? Long.MAX_VALUE : r;
    }

    private static int priority(VirtualMachine vm) {
        return vm.priority() == null ? Integer.MAX_VALUE : vm.priority();
    }

    /**
     * The periods in (lo, hi] at which this VM's P or kind can change as its own period grows:
     * the multiples of its neighbours' periods (and of a deferrable neighbour's task periods),
     * sorted. At most {@code cap} of them are returned; null when there are more.
     */
    public static double[] breakpoints(Scenario scenario, VirtualMachine vm, double lo, double hi, int cap) {
        List<VirtualMachine> mates = coreMates(scenario, vm);
        boolean deferrable = scenario.simulation().serverPolicy() == ServerPolicy.DEFERRABLE;
        TreeSet<Double> set = new TreeSet<>();
        List<Double> everies = new ArrayList<>();
        for (VirtualMachine j : mates) {
            everies.add(j.period());
            if (deferrable) {
                for (Task k : j.tasks()) {
                    everies.add(k.period());
                }
            }
        }
        for (double e : everies) {
            double m = Math.floor(lo / e) + 1;
            if ((hi - lo) / e > cap) {
                return null;
            }
            for (; m * e <= hi; m++) {
                set.add(m * e);
                if (set.size() > cap) {
                    return null;
                }
            }
        }
        return set.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** Segments of the period axis at most this many; beyond, neighbouring segments merge (safely). */
    public static final int MAX_SEGMENTS = 256;

    /** Whether the VM's supply is the thesis's at every period (no core mate, periodic servers). */
    public static boolean isAlone(Scenario scenario, VirtualMachine vm) {
        return coreMates(scenario, vm).isEmpty() && scenario.simulation().serverPolicy() == ServerPolicy.PERIODIC
                && at(scenario, vm, vm.period(), vm.budget()).start() == 0;
    }

    /**
     * The good periods of {@code vm} at bandwidth α from {@code minPeriod} up, with the supply it
     * would have among its neighbours at each period (THEORY.md §6.5). P and the kind only change
     * just above the multiples of the neighbours' periods, and only for the worse as T grows; so
     * the axis is cut there, each segment (lo, hi] is searched with the supply at hi (safe for the
     * whole segment) and the results are joined. With more than {@link #MAX_SEGMENTS} cuts, only
     * every n-th is kept, which is still safe and only loses good periods.
     */
    public static List<Interval> goodPeriods(Scenario scenario, VirtualMachine vm, GoodPeriods gp, double alpha,
                                             double minPeriod) {
        return goodPeriods(scenario, vm, gp, alpha, minPeriod, Double.POSITIVE_INFINITY);
    }

    /**
     * As {@link #goodPeriods(Scenario, VirtualMachine, GoodPeriods, double, double)}, searched only up
     * to {@code maxPeriod} when the VM has neighbours (fewer segments, so finer ones, near α = 1).
     */
    public static List<Interval> goodPeriods(Scenario scenario, VirtualMachine vm, GoodPeriods gp, double alpha,
                                             double minPeriod, double maxPeriod) {
        if (isAlone(scenario, vm)) {
            return gp.intervals(alpha, vm.overhead(), minPeriod);
        }
        // Beyond the largest deadline's blackout nothing is good: B ≥ γ·T with γ ≥ 1 − α, and the
        // least blackout of any kind is (1 − α)T; at α = 1 (the VM fills its core) use a wide cap.
        double maxD = 0;
        for (Task t : vm.tasks()) {
            maxD = Math.max(maxD, t.deadline());
        }
        double top = Math.min(maxPeriod, alpha >= 1 ? 1e6 * maxD : maxD / (1 - alpha));
        double[] cuts = breakpoints(scenario, vm, minPeriod, top, 1_000_000);
        List<Double> bounds = new ArrayList<>();
        bounds.add(minPeriod);
        if (cuts != null) {
            int every = Math.max(1, (cuts.length + MAX_SEGMENTS - 1) / MAX_SEGMENTS);
            for (int i = every - 1; i < cuts.length; i += every) {
                bounds.add(cuts[i]);
            }
        }
        if (bounds.get(bounds.size() - 1) < top) {
            bounds.add(top);
        }
        List<Interval> all = new ArrayList<>();
        for (int i = 1; i < bounds.size(); i++) {
            double lo = bounds.get(i - 1);
            double hi = bounds.get(i);
            Supply shape = at(scenario, vm, hi, alpha * hi);
            for (Interval iv : gp.intervals(alpha, shape, minPeriod)) {
                double a = Math.max(iv.lo(), lo);
                double b = Math.min(iv.hi(), hi);
                if (a <= b) {
                    all.add(new Interval(a, b));
                }
            }
        }
        List<Interval> merged = new ArrayList<>();
        for (Interval iv : all) {
            if (!merged.isEmpty() && merged.get(merged.size() - 1).hi() >= iv.lo()) {
                Interval last = merged.remove(merged.size() - 1);
                merged.add(new Interval(last.lo(), Math.max(last.hi(), iv.hi())));
            } else {
                merged.add(iv);
            }
        }
        return merged;
    }

    /** A one-line account of P and the useful budget, for Explain and the CLI. */
    public static String describe(Supply s) {
        String useful = java.math.BigDecimal.valueOf(s.chunk()).round(new java.math.MathContext(6))
                .stripTrailingZeros().toPlainString();
        return switch (s.kind()) {
            case PERIODIC -> s.preemptions() == 0
                    ? "never preempted (P = 0): useful budget C − X = " + useful + " per period"
                    : "preempted at most P = " + s.preemptions() + " times per period: useful budget C − (1 + P)·X = "
                    + useful + " per period";
            case DEFERRABLE_UNDELAYED -> "deferrable, never delayed or preempted: useful budget C − X = " + useful
                    + " per period";
            case DEFERRABLE -> "deferrable, may be delayed and preempted at most P = " + s.preemptions()
                    + " times per period: useful budget C − (1 + P)·X = " + useful + " per period";
        };
    }
}
