package org.vmsched.design;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import org.vmsched.analysis.AnalysisLimitException;
import org.vmsched.analysis.BudgetSearch;
import org.vmsched.analysis.GoodPeriods;
import org.apache.commons.math3.fraction.BigFraction;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;
import org.vmsched.text.Format;

/**
 * The interface (T, C) of least bandwidth C/T for one VM, overhead included (THEORY.md §12).
 *
 * <p>At a bandwidth α the exact good periods (THEORY.md §3, §6.4) are the periods T at which the
 * budget αT keeps every deadline, and they only grow with α (a larger budget never hurts). So the
 * least bandwidth α* is the least α whose good set meets the constraints, found by bisection on α
 * over the exact region, never by stepping T: an isolated good period is found like any other.
 * At α* the region shrinks to the optimum period (a corner of the minimal budget as a function of
 * T, §12); from the bracket's upper end the shortest decimal period in the remaining good set is
 * taken, and its budget is the exact least budget of {@link BudgetSearch} (so the answer passes the
 * exact test). Each exact question (a good-period question, a least-budget search) is preceded by
 * a check of the run's {@link Cancellation} and a report of the search's progress (§12.8).
 * Stateless.
 */
public final class InterfaceDesigner {

    /** Points of the bandwidth-against-period curve (plus the proposed periods). */
    public static final int CURVE_POINTS = 160;


    private InterfaceDesigner() {
    }

    /** The design with the curve. */
    public static InterfaceDesign design(Scenario scenario, VirtualMachine vm, ServerModel server, DesignConstraints k) {
        return design(scenario, vm, server, k, true);
    }

    /**
     * The least-bandwidth interface of {@code vm} among its core mates in {@code scenario} (none: the
     * VM alone on a core), with the runner-ups and, if {@code withCurve}, the curve.
     */
    public static InterfaceDesign design(Scenario scenario, VirtualMachine vm, ServerModel server, DesignConstraints k,
                                         boolean withCurve) {
        return uncancelled(() -> design(scenario, vm, server, k, withCurve, true, Work.none()));
    }

    /**
     * As {@link #design(Scenario, VirtualMachine, ServerModel, DesignConstraints, boolean)}, telling
     * {@code progress} how far the search of this VM is (the bisection, the proposals, the curve)
     * and stopping with {@link CancelledException} at the next exact question once {@code cancel} is
     * set (THEORY.md §12.8). Either may be null (no progress; never cancelled).
     */
    public static InterfaceDesign design(Scenario scenario, VirtualMachine vm, ServerModel server, DesignConstraints k,
                                         boolean withCurve, Progress progress, Cancellation cancel)
            throws CancelledException {
        return design(scenario, vm, server, k, withCurve, true, new Work(progress, cancel, "designing " + vm.name()));
    }

    /** The least-bandwidth interface alone: no runner-ups, no curve (for placement, THEORY.md §12.6). */
    public static InterfaceDesign best(Scenario scenario, VirtualMachine vm, ServerModel server, DesignConstraints k) {
        return uncancelled(() -> best(scenario, vm, server, k, Work.none()));
    }

    /** As {@link #best(Scenario, VirtualMachine, ServerModel, DesignConstraints)}, within a placement's work. */
    static InterfaceDesign best(Scenario scenario, VirtualMachine vm, ServerModel server, DesignConstraints k, Work work)
            throws CancelledException {
        return design(scenario, vm, server, k, false, false, work);
    }

    /** Work that nobody can cancel. */
    interface Uncancellable<T> {
        T run() throws CancelledException;
    }

    static <T> T uncancelled(Uncancellable<T> work) {
        return Cancellation.uncancelled(never -> work.run());
    }

    private static InterfaceDesign design(Scenario scenario, VirtualMachine vm, ServerModel server, DesignConstraints k,
                                          boolean withCurve, boolean withRunnerUps, Work work) throws CancelledException {
        // parts of the progress: the search for the optimum, then the proposals, then the curve
        double searchShare = withCurve ? 0.45 : withRunnerUps ? 0.7 : 0.9;
        double proposalsEnd = withCurve ? 0.6 : 1;
        work.check();
        GoodPeriods gp;
        try {
            gp = GoodPeriods.of(vm.tasks(), vm.scheduler());
        } catch (AnalysisLimitException e) {
            return none(vm, server, Double.NaN, Double.NaN, "the exact search cannot run: " + e.getMessage());
        }
        PeriodRange range = PeriodRange.of(vm, k, gp.defaultMinPeriod());
        double lo = range.lo();
        double hi = range.hi();
        String floor = range.floor();
        if (range.none() != null) {
            return none(vm, server, lo, hi, range.none());
        }
        AlphaSearch search = new AlphaSearch(scenario, vm, server, gp);
        Candidate best;
        try {
            best = search.best(lo, hi, k.granularity(), "optimum", work.part(0, searchShare, null));
        } catch (AnalysisLimitException e) {
            return none(vm, server, lo, hi, e.getMessage());
        }
        if (best == null) {
            return none(vm, server, lo, hi, String.format(Locale.ROOT, "no period in [%s, %s]%s keeps every deadline"
                    + " even with the whole period as budget (the tasks' utilisation is %s)", Format.significant(lo, 6), Format.significant(hi, 6),
                    k.granularity() > 0 ? " that is a multiple of " + Format.significant(k.granularity(), 6) : "",
                    Format.significant(utilization(vm.tasks()), 6)));
        }
        Candidate exactBest = best;
        // the proposals: the nice optimum and up to three runner-ups, a quarter of their share each
        Work proposals = work.part(searchShare, proposalsEnd - searchShare, null);
        double quarter = withRunnerUps ? 0.25 : 1;
        best = nice(search, best, SafeRounding.Precision.DEFAULT, "optimum", lo, proposals.part(0, quarter, null));
        List<Candidate> runnerUps = withRunnerUps ? runnerUps(search, exactBest, best, lo, hi, k, proposals, quarter)
                : new ArrayList<>();
        List<CurvePoint> curve = withCurve ? curve(search, lo, hi, best, runnerUps, work.part(proposalsEnd, 1 - proposalsEnd, null))
                : List.of();
        work.step(1);
        String exactNote = "exact optimum: period " + Format.significant(exactBest.period(), 10) + ", bandwidth "
                + Format.significant(exactBest.bandwidth(), 10);
        OptimumReason why = withRunnerUps ? OptimumReason.of(search, best, lo, hi, leastPeriodReason(floor, k, lo)) : null;
        return new InterfaceDesign(vm.name(), server.kindName(), vm.overhead(), lo, hi, best, runnerUps, curve,
                floor == null ? exactNote : exactNote + "; " + floor, exactBest, why);
    }

    /**
     * The runner-ups to the nice optimum {@code best}, a quarter of the proposals' work each: three
     * significant digits, whole milliseconds, at least the hypervisor's least period (each when it differs).
     */
    private static List<Candidate> runnerUps(AlphaSearch search, Candidate exactBest, Candidate best, double lo, double hi,
                                             DesignConstraints k, Work proposals, double quarter) throws CancelledException {
        List<Candidate> runnerUps = new ArrayList<>();
        Candidate three = nice(search, exactBest, new SafeRounding.Precision(3, null), "3 significant digits", lo,
                proposals.part(quarter, quarter, null));
        if (three != null && three.period() != best.period()) {
            runnerUps.add(three);
        }
        double ms = 1000 / k.unitMicros();
        if (!isMultiple(best.period(), ms)) {
            // Whole milliseconds and the granularity together: the coarser of the two when one is a
            // multiple of the other; otherwise this runner-up is left out.
            double g = k.granularity() <= 0 ? ms : isMultiple(ms, k.granularity()) ? ms
                    : isMultiple(k.granularity(), ms) ? k.granularity() : Double.NaN;
            Work part = proposals.part(2 * quarter, quarter, null);
            Candidate whole = Double.isNaN(g) ? null : search.best(lo, hi, g, "whole milliseconds", part.part(0, 0.9, null));
            if (whole != null) {
                runnerUps.add(nice(search, whole, SafeRounding.Precision.DEFAULT, whole.label(), lo, part.part(0.9, 0.1, null)));
            }
        }
        if (!Double.isNaN(k.hypervisorMinPeriod()) && best.period() < k.hypervisorMinPeriod()
                && k.hypervisorMinPeriod() <= hi) {
            Work part = proposals.part(3 * quarter, quarter, null);
            Candidate atLeast = search.best(Math.max(lo, k.hypervisorMinPeriod()), hi, k.granularity(),
                    "period >= " + Format.significant(k.hypervisorMinPeriod(), 6) + " (hypervisor minimum)", part.part(0, 0.9, null));
            if (atLeast != null) {
                runnerUps.add(nice(search, atLeast, SafeRounding.Precision.DEFAULT, atLeast.label(), lo, part.part(0.9, 0.1, null)));
            }
        }
        return runnerUps;
    }

    /** What set the least period searched: the 1 ms floor, a switches-per-second limit, --min-period, or T1/1000. */
    private static String leastPeriodReason(String floor, DesignConstraints k, double lo) {
        return floor != null ? " (1 ms, the least period Xen and Linux cpu.max run)"
                : k.maxSwitchesPerSecond() > 0 && lo == 1e6 / k.unitMicros() / k.maxSwitchesPerSecond()
                ? " (one switch per period, at most " + Format.significant(k.maxSwitchesPerSecond(), 6) + " a second)"
                : Double.isNaN(k.minPeriod()) ? " (the shortest task period / 1000)" : " (the least period asked)";
    }

    /**
     * The least period a design searches from when the VM has no overhead and none is asked for,
     * in microseconds: 1 ms, Xen's least scheduling quantum (Credit's least run before a preemption by
     * default and least timeslice, hypervisor-latency paper §II) and the least quota Linux's cpu.max accepts.
     */
    public static final double DEFAULT_LEAST_PERIOD_MICROS = 1000;

    /**
     * Whether {@code t} is among the periods a design of {@code vm} under {@code k} searches: at
     * least the least period searched (--min-period, else T1/1000; 1 s over --max-switches; 1 ms
     * for a VM without overhead and neither of them, THEORY.md §12.7), at most the longest
     * (--max-period, else twice the longest deadline), a multiple of --granularity when given. For
     * a value rounded from a designed period (a placement's short numbers, §12.6).
     */
    static boolean periodAllowed(VirtualMachine vm, DesignConstraints k, double t) {
        double t1 = Double.POSITIVE_INFINITY;
        for (Task task : vm.tasks()) {
            t1 = Math.min(t1, task.period());
        }
        PeriodRange r = PeriodRange.of(vm, k, BigDecimal.valueOf(t1).movePointLeft(3).doubleValue());
        return r.none() == null && t >= r.lo() && t <= r.hi() && (k.granularity() <= 0 || isMultiple(t, k.granularity()));
    }

    /**
     * The periods a design of {@code vm} under {@code k} searches, one rule for the search and for
     * {@link #periodAllowed}: [lo, hi] (--min-period, else {@code defaultMin}; raised to 1 s over
     * --max-switches, and to 1 ms for a VM without overhead and neither of them, THEORY.md §12.7;
     * --max-period, else twice the longest deadline), the note of the 1 ms floor when it applied,
     * and why no period is left (null when some is).
     */
    record PeriodRange(double lo, double hi, String floor, String none) {

        static PeriodRange of(VirtualMachine vm, DesignConstraints k, double defaultMin) {
            double maxD = 0;
            for (Task t : vm.tasks()) {
                maxD = Math.max(maxD, t.deadline());
            }
            double lo = Double.isNaN(k.minPeriod()) ? defaultMin : k.minPeriod();
            double hi = Double.isNaN(k.maxPeriod()) ? 2 * maxD : k.maxPeriod();
            if (k.maxSwitchesPerSecond() > 0) {
                double least = 1e6 / k.unitMicros() / k.maxSwitchesPerSecond();
                if (least > hi) {
                    return new PeriodRange(lo, hi, null, String.format(Locale.ROOT, "at most %s switches per second need a period"
                            + " of at least %s, above the longest period allowed, %s", Format.significant(k.maxSwitchesPerSecond(), 6),
                            Format.significant(least, 6), Format.significant(hi, 6)));
                }
                lo = Math.max(lo, least);
            }
            String floor = null;
            if (Double.isNaN(k.minPeriod()) && k.maxSwitchesPerSecond() <= 0 && vm.overhead() == 0) {
                // With X = 0 a shorter period never costs bandwidth (THEORY.md §12.7): the search would
                // end at its own lower end, a period no hypervisor runs. Stop at the stated least period.
                // In the time unit given (--unit-us): 1 ms is 10^6 units of 0.001 us. Above the longest
                // period searched it leaves nothing to search, and the answer says so (it was dropped
                // without a word, and a period of 16 ps proposed).
                double least = DEFAULT_LEAST_PERIOD_MICROS / k.unitMicros();
                if (least > lo) {
                    lo = least;
                    floor = "with X = 0 the bandwidth falls as the period shrinks; searched from " + Format.significant(least, 6)
                            + " (1 ms: Xen's least scheduling quantum and Linux cpu.max's least quota; --min-period,"
                            + " --max-switches or an overhead X to change)";
                    if (least > hi) {
                        return new PeriodRange(lo, hi, floor, "with X = 0 the search starts at 1 ms, the least period Xen and Linux"
                                + " cpu.max set (" + Format.significant(least, 6) + " time units of " + Format.significant(k.unitMicros(), 6)
                                + " us), above the longest period searched, " + Format.significant(hi, 6)
                                + "; --min-period (or an overhead X) to search below 1 ms");
                    }
                }
            }
            if (lo > hi) {
                return new PeriodRange(lo, hi, floor, "the least period " + Format.significant(lo, 6) + " is above the largest "
                        + Format.significant(hi, 6));
            }
            return new PeriodRange(lo, hi, floor, null);
        }
    }

    /** When no nicer value passes: the runner-up or optimum as found (never dropped), a 3-digit variant dropped. */
    private static Candidate fallback(Candidate c, String label) {
        return label.startsWith("3 ") ? null : c;
    }

    /**
     * {@code c} as numbers a person types (THEORY.md §12.5): its period rounded down to precision p
     * (not below {@code lo}), the exact least budget there rounded up to p, checked by the exact
     * test; {@code c} itself when it is already that short, or when no such value passes.
     */
    private static Candidate nice(AlphaSearch s, Candidate c, SafeRounding.Precision p, String label, double lo, Work work)
            throws CancelledException {
        BigFraction exact = SafeRounding.fraction(c.period());
        BigDecimal t = SafeRounding.down(exact, p);
        if (t.doubleValue() < lo || t.signum() <= 0) {
            t = SafeRounding.up(exact, p);
        }
        double period = t.doubleValue();
        if (period == c.period() && SafeRounding.fraction(c.budget()).equals(
                SafeRounding.fraction(SafeRounding.up(SafeRounding.fraction(c.budget()), p)))) {
            return new Candidate(label, c.period(), c.budget(), c.bandwidth());
        }
        work.step(0);
        double least = s.leastBudget(period);
        if (Double.isNaN(least)) {
            return fallback(c, label);
        }
        work.step(0.5);
        BigDecimal budget = SafeRounding.up(SafeRounding.fraction(least), p);
        if (budget.compareTo(t) > 0) {
            return fallback(c, label);
        }
        double b = budget.doubleValue();
        try {
            if (!BudgetSearch.schedulable(s.vm, s.server.shape(s.scenario, s.vm, period).withServer(period, b))) {
                return fallback(c, label);
            }
        } catch (AnalysisLimitException e) {
            return fallback(c, label);
        }
        return new Candidate(label, period, b, b / period);
    }

    /**
     * The interface of least bandwidth of {@code vm} among its mates with its period in
     * [{@code minPeriod}, {@code maxPeriod}] and its budget at least {@code minBudget} (a
     * hypervisor's minimums, THEORY.md §12.5), by the exact search of §12.3: its period as the
     * search found it (not rounded) and its exact least budget there, or null when no such
     * interface keeps the VM's deadlines.
     */
    static Candidate leastBandwidth(Scenario scenario, VirtualMachine vm, ServerModel server, double minPeriod,
                                    double maxPeriod, double minBudget) {
        try {
            GoodPeriods gp = GoodPeriods.of(vm.tasks(), vm.scheduler());
            return uncancelled(() -> new AlphaSearch(scenario, vm, server, gp).best(minPeriod, maxPeriod, 0, minBudget,
                    "least bandwidth", Work.none()));
        } catch (AnalysisLimitException e) {
            return null;
        }
    }

    /** The least budget of {@code vm} at {@code period} among its mates (NaN: none), exact. */
    public static double minBudget(Scenario scenario, VirtualMachine vm, ServerModel server, double period) {
        try {
            return BudgetSearch.minBudget(vm, server.shape(scenario, vm, period));
        } catch (AnalysisLimitException e) {
            return Double.NaN;
        }
    }

    private static List<CurvePoint> curve(AlphaSearch s, double lo, double hi, Candidate best, List<Candidate> runnerUps, Work work)
            throws CancelledException {
        TreeSet<Double> periods = new TreeSet<>();
        for (int i = 0; i < CURVE_POINTS; i++) {
            periods.add(lo + (hi - lo) * i / (CURVE_POINTS - 1));
        }
        periods.add(best.period());
        runnerUps.forEach(c -> periods.add(c.period()));
        List<CurvePoint> out = new ArrayList<>();
        int i = 0;
        for (double t : periods) {
            work.step((double) i++ / periods.size());
            double c = s.leastBudget(t);
            out.add(new CurvePoint(t, c, c / t));
        }
        return out;
    }

    private static InterfaceDesign none(VirtualMachine vm, ServerModel server, double lo, double hi, String why) {
        return new InterfaceDesign(vm.name(), server.kindName(), vm.overhead(), lo, hi, null, List.of(), List.of(), why);
    }

    static double utilization(List<Task> tasks) {
        double u = 0;
        for (Task t : tasks) {
            u += t.utilization();
        }
        return u;
    }

    static boolean isMultiple(double x, double g) {
        double q = x / g;
        return Math.abs(q - Math.rint(q)) <= 1e-9 * Math.max(1, q);
    }


    /**
     * Whether a is the better proposal: a smaller bandwidth, where bandwidths within 1e-9 (relative)
     * of each other count as equal and the shorter decimal period wins, then the longer period.
     */
    static boolean better(Candidate a, Candidate b) {
        if (a.bandwidth() < b.bandwidth() * (1 - 1e-9)) {
            return true;
        }
        if (b.bandwidth() < a.bandwidth() * (1 - 1e-9)) {
            return false;
        }
        int da = digits(a.period()) + digits(a.budget());
        int db = digits(b.period()) + digits(b.budget());
        if (da != db) {
            return da < db;
        }
        return a.bandwidth() < b.bandwidth() || (a.bandwidth() == b.bandwidth() && a.period() > b.period());
    }

    private static int digits(double x) {
        return BigDecimal.valueOf(x).stripTrailingZeros().precision();
    }

    static double round12(double x) {
        return new BigDecimal(x).round(new MathContext(12, RoundingMode.HALF_EVEN)).doubleValue();
    }

    /** x rounded down to 12 significant digits, if that stays at or above a (a shorter period is safe). */
    static double round12Down(double x, double a) {
        double d = new BigDecimal(x).round(new MathContext(12, RoundingMode.FLOOR)).doubleValue();
        return d >= a ? d : x;
    }

    /**
     * The shortest decimal in [a, b], the largest of that length (a long period means fewer
     * switches); b itself when no shorter one fits.
     */
    static double shortestDecimal(double a, double b) {
        if (a == b || !Double.isFinite(b)) {
            return Double.isFinite(b) ? b : a;
        }
        BigDecimal hiD = new BigDecimal(b);
        for (int digits = 1; digits <= 17; digits++) {
            BigDecimal cand = hiD.round(new MathContext(digits, RoundingMode.FLOOR));
            double d = cand.doubleValue();
            if (d >= a && d <= b) {
                return d;
            }
        }
        return b;
    }
}
