package org.vmsched.design;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;
import org.vmsched.analysis.AnalysisLimitException;
import org.vmsched.analysis.BudgetSearch;
import org.vmsched.analysis.GoodPeriods;
import org.vmsched.analysis.Interval;
import org.vmsched.analysis.Supply;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;
import org.vmsched.progress.CancelledException;

/**
 * The bisection on α over the exact good periods of one VM, for {@link InterfaceDesigner}: the least
 * bandwidth at which some period in a range is good, then its least budget (THEORY.md §12). Holds
 * the VM, its server model and its good-period analysis for the searches of one design.
 */
final class AlphaSearch {
    private static final int MAX_BISECTIONS = 80;
    private static final double ALPHA_PRECISION = 1e-10;
    private static final int MAX_GRID_CANDIDATES = 24;
    /**
     * Intervals of a region listed at most per question: near α = U a region can hold thousands of
     * slivers, each a long walk, all of them optimal within the bracket (THEORY.md §12.3).
     */
    static final int MAX_LISTED = 16;

    /** The multiples of a grid asked one by one below a listing cut to its {@link #MAX_LISTED} highest intervals. */
    static final int MAX_GRID_SCAN = 64;
    /** The bracket's width (relative) below which the bisection asks only the stretch of the top's good periods. */
    private static final double WINDOW_AFTER = 1e-3;
    /** The stretch widened by this much (relative) on each side, far above the regions' tolerance. */
    private static final double WINDOW_MARGIN = 1e-6;
    /** Bisections on α the progress counts on: from [U, 1] to 10^-10 relative takes about 34. */
    private static final double EXPECTED_BISECTIONS = 34;
    /** Bisections on a budget the progress counts on (to 10^-12 relative). */
    private static final double EXPECTED_BUDGET_BISECTIONS = 40;

    final Scenario scenario;
    final VirtualMachine vm;
    final ServerModel server;
    final GoodPeriods gp;
    /** What the last search without a grid proved (the bottom of its bracket), or null. */
    private ProvenEmpty provenEmpty;
    /**
     * The exact least budget found at each period so far ({@link #leastBudget}): the proposals ask
     * the same period more than once (the 3-digit and whole-millisecond runner-ups and the curve
     * often land on the same period), and a least budget is the design's dearest question.
     */
    private final Map<Double, Double> leastBudgets = new HashMap<>();
    /** Intervals listed by this search so far (the work a test can count). */
    long listed;

    /**
     * No period of [lo, hi] is good at bandwidth {@code alpha} with a budget of at least {@code minBudget};
     * {@code period} is the search's best period there (NaN when it found none).
     */
    private record ProvenEmpty(double lo, double hi, double minBudget, double alpha, double period) {
        boolean sameSearch(double lo2, double hi2, double minBudget2) {
            return lo == lo2 && hi == hi2 && minBudget == minBudget2;
        }
    }

    AlphaSearch(Scenario scenario, VirtualMachine vm, ServerModel server, GoodPeriods gp) {
        this.scenario = scenario;
        this.vm = vm;
        this.server = server;
        this.gp = gp;
    }

    /** The exact least budget at period t (NaN when none), asked once per period per search. */
    double leastBudget(double t) {
        Double known = leastBudgets.get(t);
        if (known == null) {
            known = InterfaceDesigner.minBudget(scenario, vm, server, t);
            leastBudgets.put(t, known);
        }
        return known;
    }

    /** The good periods at α within [lo, hi] (and on the grid g, if g &gt; 0): candidate periods, or empty. */
    List<Double> periods(double alpha, double lo, double hi, double g, boolean all) {
        if (!all) {
            // the bisection only asks whether a good period (on the grid) exists: no interval list
            return server.anyGood(scenario, vm, gp, alpha, lo, hi, g) ? List.of(hi) : List.of();
        }
        List<Double> out = new ArrayList<>();
        List<Interval> good = listed(alpha, lo, hi);
        if (good.size() > MAX_LISTED) {
            // the highest intervals only, and the least period of the range when it is good; on a
            // grid, every good multiple from the least up to the highest intervals, up to
            // MAX_GRID_SCAN of them asked: a good multiple can lie in a lower interval only (the
            // whole-millisecond runner-up went missing, InterfaceDesignProperties)
            good = good.subList(good.size() - MAX_LISTED, good.size());
            if (g > 0) {
                long first = (long) Math.ceil(lo / g * (1 - 1e-12));
                for (long m = Math.max(1, first); m < Math.max(1, first) + MAX_GRID_SCAN; m++) {
                    double t = BigDecimal.valueOf(g).multiply(BigDecimal.valueOf(m)).doubleValue();
                    if (t > hi || t >= good.get(0).lo()) {
                        break;
                    }
                    if (server.anyGood(scenario, vm, gp, alpha, t, t, g)) {
                        out.add(t);
                    }
                }
            } else if (lo > 0 && lo <= hi && server.anyGood(scenario, vm, gp, alpha, lo, lo, g)) {
                out.add(lo);
            }
        }
        for (Interval iv : good) {
            double a = Math.max(iv.lo(), lo);
            double b = Math.min(iv.hi(), hi);
            if (a > b) {
                continue;
            }
            if (g > 0) {
                long first = (long) Math.ceil(a / g * (1 - 1e-12));
                long last = (long) Math.floor(b / g * (1 + 1e-12));
                for (long m = first; m <= last; m++) {
                    if (m - first == MAX_GRID_CANDIDATES / 2 && last - m >= MAX_GRID_CANDIDATES / 2) {
                        m = last - MAX_GRID_CANDIDATES / 2; // the middle of a long run adds nothing new
                    }
                    double t = BigDecimal.valueOf(g).multiply(BigDecimal.valueOf(m)).doubleValue();
                    if (t > 0) {
                        out.add(t);
                        if (!all) {
                            return out;
                        }
                    }
                }
            } else {
                out.add(InterfaceDesigner.round12Down(InterfaceDesigner.shortestDecimal(a, b), a));
                if (!all) {
                    return out;
                }
            }
        }
        return out;
    }

    /** The good intervals at α meeting [lo, hi]: all of them, or more than {@link #MAX_LISTED} (the highest). */
    private List<Interval> listed(double alpha, double lo, double hi) {
        List<Interval> good = server.goodPeriods(scenario, vm, gp, alpha, lo, hi, MAX_LISTED + 1);
        listed += good.size();
        return good;
    }

    /**
     * The exact least budget at period t when it is expected in (lo, hi]: bisection inside that
     * bracket (both ends checked by the exact test), or over all budgets when the guess is wrong.
     */
    double minBudgetNear(double t, double lo, double hi, Work work) throws CancelledException {
        Double known = leastBudgets.get(t);
        if (known != null) {
            return known; // the exact least budget there is already known
        }
        Supply shape = server.shape(scenario, vm, t);
        try {
            work.check();
            if (!(lo > shape.withServer(t, 0).lostPerPeriod()) || !(hi > lo)
                    || !BudgetSearch.schedulable(vm, shape.withServer(t, hi))
                    || BudgetSearch.schedulable(vm, shape.withServer(t, lo))) {
                return BudgetSearch.minBudget(vm, shape);
            }
            for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
                work.step(i / EXPECTED_BUDGET_BISECTIONS);
                // 12 significant digits keep the exact test in 64-bit integers (THEORY.md §6.5)
                double mid = InterfaceDesigner.round12(0.5 * (lo + hi));
                if (!(mid > lo && mid < hi)) {
                    mid = 0.5 * (lo + hi);
                }
                if (BudgetSearch.schedulable(vm, shape.withServer(t, mid))) {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            // The shortest decimal in (lo, hi] passes too (monotone in C), as in BudgetSearch.
            for (int digits = 1; digits <= 17; digits++) {
                double d = new BigDecimal(hi).round(new MathContext(digits, RoundingMode.CEILING)).doubleValue();
                if (d > lo && d <= hi) {
                    work.check();
                    if (BudgetSearch.schedulable(vm, shape.withServer(t, d))) {
                        return d;
                    }
                }
            }
            return hi;
        } catch (AnalysisLimitException e) {
            return Double.NaN;
        }
    }

    /** The least-bandwidth interface with its period in [lo, hi] (on grid g if g &gt; 0), or null. */
    Candidate best(double lo, double hi, double g, String label, Work work) throws CancelledException {
        return best(lo, hi, g, 0, label, work);
    }

    /**
     * As {@link #best(double, double, double, String, Work)} with a budget of at least
     * {@code minBudget}: at a bandwidth α the periods searched start at max(lo, minBudget/α), a
     * bound that only falls as α grows, so the bisection on α stays monotone.
     */
    Candidate best(double lo, double hi, double g, double minBudget, String label, Work work) throws CancelledException {
        DoubleUnaryOperator from = a -> Math.max(lo, minBudget / a);
        // the bisection takes most of the share, the candidates' exact budgets the rest
        Work bisection = work.part(0, 0.8, null);
        bisection.check();
        double top = 1;
        if (periods(top, from.applyAsDouble(top), hi, g, false).isEmpty()) {
            return null;
        }
        double bottom = Math.min(InterfaceDesigner.utilization(vm.tasks()), 1);
        if (provenEmpty != null && provenEmpty.sameSearch(lo, hi, minBudget)
                && provenEmpty.alpha() < top) {
            // no period of [lo, hi] is good below this bandwidth, so none on a grid within it either
            bottom = Math.max(bottom, provenEmpty.alpha());
            if (g > 0 && provenEmpty.period() > 0) {
                double[] bracket = seeded(provenEmpty.period(), lo, hi, g, minBudget, from, bottom, top);
                bottom = bracket[0];
                top = bracket[1];
            }
        }
        Bracket br = bisect(from, lo, hi, g, bottom, top, bisection);
        // The region at the bracket's top is within its tolerance (1e-9) of the optimum; the region
        // at a slightly larger bandwidth surely holds the optimum period, with shorter decimals.
        // On a grid the multiples good at the top are among those good at the wider bandwidth, so
        // only the wider one is asked (a region over the whole range each).
        bisection.step(1);
        List<Double> cands = new ArrayList<>(g > 0 ? List.of()
                : candidates(br.top(), from, hi, g, br.windowTop(), br.windowLo(), br.windowHi()));
        bisection.check();
        double wider = Math.min(1, br.top() * (1 + 1e-8));
        cands.addAll(candidates(wider, from, hi, g, br.windowTop(), br.windowLo(), br.windowHi()));
        Candidate best = cheapest(cands, br.bottom(), br.top(), minBudget, label, work.part(0.8, 0.2, null));
        if (!(g > 0)) {
            provenEmpty = new ProvenEmpty(lo, hi, minBudget, br.bottom(), best == null ? Double.NaN : best.period());
        }
        return best;
    }

    /**
     * The bisection's outcome: no period is good at {@code bottom}, one is at {@code top}; and the
     * window of periods it asked last, made at bandwidth {@code windowTop} (NaN: none, the whole range).
     */
    private record Bracket(double bottom, double top, double windowLo, double windowHi, double windowTop) {
    }

    /** The bisection on α from [bottom, top] to its precision, asking whether a period from max(lo, from(α)) to hi is good. */
    private Bracket bisect(DoubleUnaryOperator from, double lo, double hi, double g, double bottom, double top,
                           Work bisection) throws CancelledException {
        // Once the bracket is narrow, the good periods at its top hold every period good below it
        // (the good sets only grow with α): the rest of the bisection asks only their stretch, not
        // the whole range, where a bandwidth with no good period is the dearest question (§12.3).
        double windowLo = lo;
        double windowHi = hi;
        double windowTop = Double.NaN; // the bandwidth whose good periods the window holds
        boolean windowed = g > 0;
        for (int i = 0; i < MAX_BISECTIONS && top - bottom > ALPHA_PRECISION * top; i++) {
            bisection.step(i / EXPECTED_BISECTIONS);
            if (!windowed && top - bottom <= WINDOW_AFTER * top) {
                windowed = true;
                List<Interval> good = listed(top, from.applyAsDouble(top), hi);
                if (!good.isEmpty()) {
                    // a listing cut short does not know its lowest interval: the window starts at lo
                    windowLo = good.size() > MAX_LISTED ? lo : good.get(0).lo() * (1 - WINDOW_MARGIN);
                    windowHi = good.get(good.size() - 1).hi() * (1 + WINDOW_MARGIN);
                    windowTop = top;
                }
            }
            double mid = 0.5 * (bottom + top);
            double a = Math.max(from.applyAsDouble(mid), windowLo);
            double b = Math.min(hi, windowHi);
            if (a <= b && !periods(mid, a, b, g, false).isEmpty()) {
                top = mid;
            } else {
                bottom = mid;
            }
        }
        return new Bracket(bottom, top, windowLo, windowHi, windowTop);
    }

    /** The least-bandwidth candidate among the periods {@code cands}, each with its exact least budget (at least minBudget), or null. */
    private Candidate cheapest(List<Double> cands, double bottom, double top, double minBudget, String label, Work budgets)
            throws CancelledException {
        Candidate best = null;
        for (int j = 0; j < cands.size(); j++) {
            double t = cands.get(j);
            double c = minBudgetNear(t, bottom * t * (1 - 1e-7), Math.min(t, top * (1 + 2e-8) * t),
                    budgets.part((double) j / cands.size(), 1.0 / cands.size(), null));
            if (Double.isNaN(c)) {
                continue;
            }
            c = Math.max(c, minBudget); // more budget only helps the VM's tasks (§12.5)
            Candidate cand = new Candidate(label, t, c, c / t);
            if (best == null || InterfaceDesigner.better(cand, best)) {
                best = cand;
            }
        }
        return best;
    }

    /** The candidate periods at α: within the window when α is at most the bandwidth it was made at. */
    private List<Double> candidates(double alpha, DoubleUnaryOperator from, double hi, double g, double windowTop,
                                    double windowLo, double windowHi) {
        if (alpha <= windowTop) {
            double a = Math.max(from.applyAsDouble(alpha), windowLo);
            double b = Math.min(hi, windowHi);
            return a <= b ? periods(alpha, a, b, g, true) : List.of();
        }
        return periods(alpha, from.applyAsDouble(alpha), hi, g, true);
    }

    /**
     * A grid's bracket narrowed from the optimum found without the grid (THEORY.md §12.3): the
     * least bandwidth at the multiples of g next to that period is a bandwidth at which a multiple
     * is good, so it is a top when the good-period question agrees; when no multiple is good just
     * below it, it is the grid's optimum within the bisection's precision and the bisection has
     * nothing left to do. {bottom, top} as given when the seed does not hold.
     */
    private double[] seeded(double optimum, double lo, double hi, double g, double minBudget,
                            DoubleUnaryOperator from, double bottom, double top) {
        long m = (long) Math.floor(optimum / g);
        double seed = Double.POSITIVE_INFINITY;
        double[] bracket = {bottom, top};
        // the multiple below the optimum first: when it is the grid's optimum (so often, with the
        // bandwidth rising with the period) the one above need not have its least budget found
        for (long k = Math.max(1, m); k <= m + 1; k++) {
            double t = BigDecimal.valueOf(g).multiply(BigDecimal.valueOf(k)).doubleValue();
            double c = t < lo || t > hi ? Double.NaN : leastBudget(t);
            if (Double.isNaN(c) || !(Math.max(c, minBudget) / t * (1 + 1e-12) < seed)) {
                continue;
            }
            // a hair above, so that seed * t is not a rounding below the least budget
            seed = Math.max(c, minBudget) / t * (1 + 1e-12);
            if (!(seed > bracket[0] && seed < bracket[1]) || periods(seed, from.applyAsDouble(seed), hi, g, false).isEmpty()) {
                continue;
            }
            bracket[1] = seed;
            double below = seed * (1 - ALPHA_PRECISION);
            if (below > bracket[0] && periods(below, from.applyAsDouble(below), hi, g, false).isEmpty()) {
                bracket[0] = below;
                return bracket;
            }
        }
        return bracket;
    }
}
