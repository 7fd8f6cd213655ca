package org.vmsched.analysis;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.text.Format;

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
            if (policy.equals(HypervisorPolicy.EDF)
                    || policy.equals(HypervisorPolicy.RM) && j.period() <= period
                    || policy.equals(HypervisorPolicy.FP) && priority(j) <= priority(vm)) {
                return true;
            }
        }
        return false;
    }

    /** How often neighbour j can preempt the VM within one period of length {@code period}. */
    static long preemptionsBy(HypervisorPolicy policy, VirtualMachine vm, double period, VirtualMachine j,
                              boolean deferrable) {
        // the periodic-server supply of EDF, RM and FP only (the other policies have their own analysis)
        long releases;
        boolean outranks;
        if (policy.equals(HypervisorPolicy.EDF)) {
            releases = j.period() < period ? ceilCount(period, j.period(), j.period()) : 0;
            outranks = true; // a deferrable j's current deadline may fall inside the VM's period
        } else if (policy.equals(HypervisorPolicy.RM)) {
            releases = j.period() < period ? ceilCount(period, 0, j.period()) : 0;
            outranks = j.period() < period;
        } else if (policy.equals(HypervisorPolicy.FP)) {
            releases = priority(j) < priority(vm) ? ceilCount(period, 0, j.period()) : 0;
            outranks = priority(j) < priority(vm);
        } else {
            throw new IllegalStateException("no periodic-server supply under " + policy.title());
        }
        if (deferrable && outranks) {
            for (Task k : j.tasks()) {
                releases = saturatedAdd(releases, ceilCount(period, 0, k.period()));
            }
        }
        return releases;
    }

    /**
     * At most this many events of period {@code every} fall in an open interval of length
     * {@code to − from}: ⌈(to − from)/every⌉, on the decimals as written (9.9/3.3 is exactly 3,
     * though 3.0000000000000004 in doubles). Saturates at {@link Long#MAX_VALUE}.
     */
    static long ceilCount(double to, double from, double every) {
        // The doubles' quotient is within a few ulps of the decimals' (relative 1e-15): unless it
        // lies within 1e-9 of a whole number its ceiling is the exact one, at a fraction of the
        // cost of decimals (a core of 100 VMs asks this 5·10^6 times in one analysis).
        double rough = (to - from) / every;
        if (rough < 1e15 && Math.abs(rough - Math.rint(rough)) > 1e-9 * Math.max(1, Math.abs(rough))) {
            return rough < 0 ? 0 : (long) Math.ceil(rough);
        }
        BigDecimal len = ExactDecimal.of(to).subtract(ExactDecimal.of(from));
        if (len.signum() <= 0) {
            return 0;
        }
        BigDecimal q = len.divide(ExactDecimal.of(every), 0, RoundingMode.CEILING);
        return q.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) < 0 ? q.longValueExact() : Long.MAX_VALUE;
    }

    private static long saturatedAdd(long a, long b) {
        long r = a + b;
        return ((a ^ r) & (b ^ r)) < 0 ? Long.MAX_VALUE : r;
    }

    private static int priority(VirtualMachine vm) {
        return vm.priority() == null ? Integer.MAX_VALUE : vm.priority();
    }

    /**
     * The periods a VM's own period may take at which its P or kind can change: its neighbours'
     * periods (and a deferrable neighbour's task periods), whose multiples cut the axis.
     */
    static List<Double> everies(Scenario scenario, VirtualMachine vm) {
        boolean deferrable = scenario.simulation().serverPolicy() == ServerPolicy.DEFERRABLE;
        List<Double> everies = new ArrayList<>();
        for (VirtualMachine j : coreMates(scenario, vm)) {
            everies.add(j.period());
            if (deferrable) {
                for (Task k : j.tasks()) {
                    everies.add(k.period());
                }
            }
        }
        return everies;
    }

    /** Segments of the period axis at most this many; beyond, neighbouring segments merge (safely). */
    public static final int MAX_SEGMENTS = 256;

    /**
     * Segments of all the VMs of one core at most, shared equally (each VM keeps at least one):
     * eight VMs keep {@link #MAX_SEGMENTS} each, a hundred keep 20 each.
     */
    public static final int MAX_CORE_SEGMENTS = 2048;

    /** Scheduling points checked in all segments of one search at most (about a second of work). */
    public static final long MAX_REGION_WORK = 1_000_000;

    /** Whether the VM's supply is the thesis's at every period (no core mate, periodic servers). */
    public static boolean isAlone(Scenario scenario, VirtualMachine vm) {
        return coreMates(scenario, vm).isEmpty() && scenario.simulation().serverPolicy() == ServerPolicy.PERIODIC
                && at(scenario, vm, vm.period(), vm.budget()).start() == 0;
    }

    /**
     * The good periods of {@code vm} at bandwidth α from {@code minPeriod} up, with the supply it
     * would have among its neighbours at each period (THEORY.md §6.5): each segment of the axis
     * is searched with the supply at its top and the results are joined.
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
        List<Interval> merged = new ArrayList<>();
        for (Segment seg : segments(scenario, vm, gp, alpha, minPeriod, maxPeriod)) {
            // only the segment's stretch of the axis is walked: the rest would be clipped away below
            for (Interval iv : gp.intervals(alpha, seg.shape(), minPeriod, seg.lo(), seg.hi())) {
                double a = Math.max(iv.lo(), seg.lo());
                double b = Math.min(iv.hi(), seg.hi());
                if (a > b) {
                    continue;
                }
                if (!merged.isEmpty() && merged.get(merged.size() - 1).hi() >= a) {
                    Interval last = merged.remove(merged.size() - 1);
                    merged.add(new Interval(last.lo(), Math.max(last.hi(), b)));
                } else {
                    merged.add(new Interval(a, b));
                }
            }
        }
        return merged;
    }

    /**
     * As {@link #goodPeriods(Scenario, VirtualMachine, GoodPeriods, double, double, double)}, only the
     * {@code limit} highest intervals (possibly a few more where segments join): the walks stop
     * there, which bounds the work near α = U, where a region can hold thousands of slivers
     * (THEORY.md §12.3). With fewer intervals than the limit, the same intervals.
     */
    public static List<Interval> goodPeriods(Scenario scenario, VirtualMachine vm, GoodPeriods gp, double alpha,
                                             double minPeriod, double maxPeriod, int limit) {
        if (isAlone(scenario, vm)) {
            return gp.intervals(alpha, new Supply(1, alpha, vm.overhead()), minPeriod, minPeriod, maxPeriod, limit);
        }
        ArrayDeque<Interval> out = new ArrayDeque<>();
        List<Segment> segs = segments(scenario, vm, gp, alpha, minPeriod, maxPeriod);
        for (int i = segs.size() - 1; i >= 0 && out.size() < limit; i--) {
            Segment seg = segs.get(i);
            List<Interval> ivs = gp.intervals(alpha, seg.shape(), minPeriod, seg.lo(), seg.hi(), limit);
            for (int j = ivs.size() - 1; j >= 0; j--) {
                double a = Math.max(ivs.get(j).lo(), seg.lo());
                double b = Math.min(ivs.get(j).hi(), seg.hi());
                if (a > b) {
                    continue;
                }
                if (!out.isEmpty() && out.peekFirst().lo() <= b) {
                    Interval first = out.pollFirst();
                    out.addFirst(new Interval(Math.min(a, first.lo()), Math.max(b, first.hi())));
                } else {
                    out.addFirst(new Interval(a, b));
                }
            }
        }
        return new ArrayList<>(out);
    }

    /**
     * Whether {@link #goodPeriods(Scenario, VirtualMachine, GoodPeriods, double, double, double)}
     * holds a period in [minPeriod, maxPeriod], found from the top of each segment down without
     * listing the intervals.
     */
    public static boolean anyGood(Scenario scenario, VirtualMachine vm, GoodPeriods gp, double alpha, double minPeriod,
                                  double maxPeriod) {
        return anyGood(scenario, vm, gp, alpha, minPeriod, maxPeriod, 0);
    }

    /** As above, on the multiples of {@code grid} when it is positive. */
    public static boolean anyGood(Scenario scenario, VirtualMachine vm, GoodPeriods gp, double alpha, double minPeriod,
                                  double maxPeriod, double grid) {
        if (isAlone(scenario, vm)) {
            return gp.anyGood(alpha, new Supply(1, alpha, vm.overhead()), minPeriod, maxPeriod, grid);
        }
        List<Segment> segs = segments(scenario, vm, gp, alpha, minPeriod, maxPeriod);
        for (int i = segs.size() - 1; i >= 0; i--) {
            Segment seg = segs.get(i);
            double a = Math.max(minPeriod, seg.lo());
            double b = Math.min(maxPeriod, seg.hi());
            if (a <= b && gp.anyGood(alpha, seg.shape(), a, b, grid)) {
                return true;
            }
        }
        return false;
    }

    /**
     * As {@link #goodPeriods(Scenario, VirtualMachine, GoodPeriods, double, double)} with exact
     * ends (THEORY.md §6.6) at the exact bandwidth α; the segment cuts are the exact multiples.
     */
    public static List<ExactInterval> exactGoodPeriods(Scenario scenario, VirtualMachine vm, GoodPeriods gp,
                                                       BigFraction alpha, double minPeriod) {
        if (isAlone(scenario, vm)) {
            return gp.exactIntervals(alpha, new Supply(1, alpha.doubleValue(), vm.overhead()), minPeriod);
        }
        List<ExactInterval> merged = new ArrayList<>();
        for (Segment seg : segments(scenario, vm, gp, alpha.doubleValue(), minPeriod, Double.POSITIVE_INFINITY)) {
            // a window a hair wider than the segment: an interval whose double end falls just
            // outside may still reach into it exactly (what lies outside is clipped away below)
            for (ExactInterval iv : gp.exactIntervals(alpha, seg.shape(), minPeriod, seg.lo() * (1 - 1e-9),
                    seg.hi() * (1 + 1e-9))) {
                BigFraction a = max(iv.lo(), seg.exactLo());
                BigFraction b = iv.hi() == null ? seg.exactHi() : min(iv.hi(), seg.exactHi());
                if (a.compareTo(b) > 0) {
                    continue;
                }
                ExactInterval last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
                if (last != null && last.hi().compareTo(a) >= 0) {
                    merged.set(merged.size() - 1, new ExactInterval(last.lo(), max(last.hi(), b)));
                } else {
                    merged.add(new ExactInterval(a, b));
                }
            }
        }
        return merged;
    }

    /** How many segments the good-period search of {@code vm} at α cuts its axis into (for tests of the work bound). */
    static int segmentCount(Scenario scenario, VirtualMachine vm, GoodPeriods gp, double alpha, double minPeriod) {
        return segments(scenario, vm, gp, alpha, minPeriod, Double.POSITIVE_INFINITY).size();
    }

    /** A stretch (lo, hi] of the period axis searched with one supply, the one at hi (safe for all of it). */
    private record Segment(double lo, double hi, BigFraction exactLo, BigFraction exactHi, Supply shape) {
    }

    /**
     * The segments of the period axis for a VM among neighbours (THEORY.md §6.5). P and the kind
     * only change just above the multiples of the neighbours' periods, and only for the worse as
     * T grows; so the axis is cut there. With more than {@link #MAX_SEGMENTS} cuts (or more than
     * {@link #MAX_REGION_WORK} scheduling points over all segments), only every n-th is kept,
     * which is still safe and only loses good periods.
     */
    private static List<Segment> segments(Scenario scenario, VirtualMachine vm, GoodPeriods gp, double alpha,
                                          double minPeriod, double maxPeriod) {
        // Beyond the largest deadline's blackout nothing is good: B ≥ γ·T with γ ≥ 1 − α, and the
        // least blackout of any kind is (1 − α)T; at α = 1 (the VM fills its core) use a wide cap.
        double maxD = 0;
        for (Task t : vm.tasks()) {
            maxD = Math.max(maxD, t.deadline());
        }
        double top = Math.min(maxPeriod, alpha >= 1 ? GoodPeriods.wideCap(maxD) : maxD / (1 - alpha));
        // The work budget: segments × scheduling points at most MAX_REGION_WORK. Fewer segments
        // are still safe (each is searched with the supply at its top); they only lose good periods.
        // And a core's VMs share MAX_CORE_SEGMENTS: each search walks the whole axis, so 100 VMs
        // on one core at 256 segments each took 15 s of CPU (issue 30 item 1).
        List<Double> everies = everies(scenario, vm);
        int sharing = coreMates(scenario, vm).size() + 1;
        int segments = (int) Math.max(1, Math.min(Math.min(MAX_SEGMENTS, MAX_CORE_SEGMENTS / sharing),
                MAX_REGION_WORK / Math.max(1, gp.pointCount())));
        PeriodCuts cuts = PeriodCuts.of(everies, minPeriod, top, segments);
        List<Double> bounds = new ArrayList<>();
        List<BigFraction> exact = new ArrayList<>();
        bounds.add(minPeriod);
        exact.add(ExactDecimal.fraction(minPeriod));
        for (int i = 0; i < cuts.cuts().length; i++) {
            bounds.add(cuts.cuts()[i]);
            exact.add(ExactDecimal.fraction(cuts.exact()[i]));
        }
        if (bounds.get(bounds.size() - 1) < top) {
            bounds.add(top);
            exact.add(ExactDecimal.fraction(top));
        }
        List<Segment> out = new ArrayList<>();
        for (int i = 1; i < bounds.size(); i++) {
            double lo = bounds.get(i - 1);
            double hi = bounds.get(i);
            out.add(new Segment(lo, hi, exact.get(i - 1), exact.get(i), shapeOf(scenario, vm, gp, alpha, minPeriod, lo, hi)));
        }
        return out;
    }

    /**
     * The supply a segment (lo, hi] is searched with: the one at hi, which holds on the whole open
     * stretch below it, except where hi is a neighbour's own period under RM. There the tie makes
     * the neighbour able to delay the VM at T = hi only (a running VM keeps the core on a tie), and
     * the worse supply of that single point would cost the whole segment its good periods: the
     * same system lost (0.8, 1.05] in one unit and not in another, where the segment's top fell a
     * rounding below the neighbour's period (THEORY.md §6.6). So the stretch is searched with the
     * supply just below hi; when its good periods end clearly below hi they are the segment's
     * (the point hi, not good with the better supply, is not good with the worse); otherwise the
     * supply at hi is kept for the whole segment, safe as before.
     */
    private static Supply shapeOf(Scenario scenario, VirtualMachine vm, GoodPeriods gp, double alpha, double minPeriod,
                                  double lo, double hi) {
        Supply top = at(scenario, vm, hi, alpha * hi);
        double below = Math.nextDown(hi);
        if (!(below > lo)) {
            return top;
        }
        Supply inside = at(scenario, vm, below, alpha * below);
        if (inside.kind() == top.kind() && inside.preemptions() == top.preemptions() && inside.start() == top.start()) {
            return top;
        }
        Supply shape = inside.withServer(hi, alpha * hi);
        for (Interval iv : gp.intervals(alpha, shape, minPeriod, lo, hi)) {
            if (iv.hi() >= hi * (1 - 1e-9)) {
                return top;
            }
        }
        return shape;
    }

    private static BigFraction max(BigFraction a, BigFraction b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    private static BigFraction min(BigFraction a, BigFraction b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    /** A one-line account of P and the useful budget, for Explain and the CLI. */
    public static String describe(Supply s) {
        String useful = Format.significant(s.chunk(), 12); // enough to tell C − X from C for a tiny X, not so many that float noise shows
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
