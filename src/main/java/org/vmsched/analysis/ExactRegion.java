package org.vmsched.analysis;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.IntFunction;
import org.apache.commons.math3.fraction.BigFraction;

/**
 * The exact ends of the good periods (THEORY.md §6.6). The search of {@link PeriodRegion} runs in
 * doubles and finds every interval to within about 1e-15 of its size; each end it finds is then
 * re-solved here in fractions from the decimals of the scenario. Near an end e, the good set of
 * one scheduling point (t, w) changes only at the piece borders a_k, b_k and the need bounds
 * L_k, U_k of the pieces k that meet a window of ±1e-7·e around it; those candidates are computed
 * exactly, goodness is constant between two neighbouring candidates, and so the exact end is the
 * candidate nearest e where goodness switches on the correct side. Requirements that the double
 * search shows good over a ten times wider window cannot switch there and are not re-solved.
 * Immutable.
 */
final class ExactRegion {

    /** One scheduling point with exact window length t and demand w. */
    record Point(BigFraction t, BigFraction w) {
    }

    private static final double WINDOW = 1e-7;
    private static final double PRUNE = 1e-6;
    private static final int MAX_PIECES = 64;

    private final List<SchedulingPoint[]> approx;
    /**
     * Requirement index of {@code approx} → the exact requirements it stands for (each an "or" of
     * points), or null when there are too many to re-solve.
     */
    private final IntFunction<List<List<Point>>> exact;
    private final BigFraction alpha;
    private final BigFraction beta;
    private final SupplyForm.Exact form;
    private final BigFraction minPeriod;

    ExactRegion(List<SchedulingPoint[]> approx, IntFunction<List<List<Point>>> exact, BigFraction alpha,
                SupplyForm.Exact form, BigFraction minPeriod) {
        this.approx = approx;
        this.exact = exact;
        this.alpha = alpha;
        this.beta = BigFraction.ONE.subtract(alpha);
        this.form = form;
        this.minPeriod = minPeriod;
    }

    /** The intervals (increasing) with exact ends; an end that cannot be re-solved stays the decimal of its double. */
    List<ExactInterval> refine(List<Interval> intervals) {
        List<ExactInterval> out = new ArrayList<>();
        for (Interval iv : intervals) {
            BigFraction lo = end(iv.lo(), false);
            BigFraction hi = Double.isInfinite(iv.hi()) ? null : iv.isPoint() ? lo : end(iv.hi(), true);
            if (hi != null && hi.compareTo(lo) < 0) {
                hi = lo;
            }
            out.add(new ExactInterval(lo, hi));
        }
        return out;
    }

    /** The exact top ({@code top}) or bottom of the interval whose end the double search put at e. */
    BigFraction end(double e, boolean top) {
        List<List<Point>> active = activeRequirements(e);
        if (active == null) {
            return ExactDecimal.fraction(e); // nothing switches here, or too much to re-solve (see the callers)
        }
        BigFraction wLo = new BigFraction(e * (1 - WINDOW));
        BigFraction wHi = new BigFraction(e * (1 + WINDOW));
        TreeSet<BigFraction> cands = new TreeSet<>();
        if (minPeriod.compareTo(wLo) >= 0 && minPeriod.compareTo(wHi) <= 0) {
            cands.add(minPeriod);
        }
        for (List<Point> req : active) {
            for (Point p : req) {
                candidates(p, e, wLo, wHi, cands);
            }
        }
        if (cands.size() > 4 * MAX_KEPT_POINTS) {
            return ExactDecimal.fraction(e);
        }
        BigFraction best = nearestSwitch(active, new ArrayList<>(cands), e, top, wLo, wHi);
        return best != null ? best : ExactDecimal.fraction(e);
    }

    /**
     * The requirements (each an "or" of points) whose goodness may switch in the window around e,
     * each cut to the points that may; null when one has none of them and is not always good (nothing
     * switches there), when a requirement has too many points, or past {@link #MAX_KEPT_POINTS}.
     */
    private List<List<Point>> activeRequirements(double e) {
        List<List<Point>> active = new ArrayList<>();
        double lo = e * (1 - WINDOW);
        double hi = e * (1 + WINDOW);
        int kept = 0;
        for (int r = 0; r < approx.size(); r++) {
            if (covers(approx.get(r), e * (1 - PRUNE), e * (1 + PRUNE))) {
                continue;
            }
            List<List<Point>> x = exact.apply(r);
            if (x == null) {
                return null; // too many points to re-solve
            }
            for (List<Point> req : x) {
                // only the points whose goodness can change inside the window matter
                List<Point> maybe = new ArrayList<>();
                boolean always = false;
                for (Point p : req) {
                    int c = classify(p, lo, hi);
                    if (c > 0) {
                        always = true;
                        break;
                    }
                    if (c == 0) {
                        maybe.add(p);
                    }
                }
                if (always) {
                    continue;
                }
                kept += maybe.size();
                if (maybe.isEmpty() || kept > MAX_KEPT_POINTS) {
                    return null; // nothing switches here, or too much to re-solve
                }
                active.add(maybe);
            }
        }
        return active;
    }

    /**
     * Among the candidates c (increasing), the one nearest e that is good while the middle towards
     * its next (top) or previous neighbour (the window's end past the last) is not; null when none is.
     */
    private BigFraction nearestSwitch(List<List<Point>> active, List<BigFraction> c, double e, boolean top,
                                      BigFraction wLo, BigFraction wHi) {
        BigFraction best = null;
        double bestDist = Double.POSITIVE_INFINITY;
        for (int i = 0; i < c.size(); i++) {
            BigFraction ci = c.get(i);
            if (!good(active, ci)) {
                continue;
            }
            BigFraction other = top ? (i + 1 < c.size() ? c.get(i + 1) : wHi) : (i > 0 ? c.get(i - 1) : wLo);
            if (good(active, ci.add(other).divide(2))) {
                continue;
            }
            double dist = Math.abs(ci.doubleValue() - e);
            if (dist < bestDist) {
                bestDist = dist;
                best = ci;
            }
        }
        return best;
    }

    /** Points re-solved for one end at most: beyond, the end keeps the decimal of its double. */
    static final int MAX_KEPT_POINTS = 2_000;

    /** Relative slack of the double classification below: far above rounding, far below the window. */
    private static final double SLACK = 1e-10;

    /**
     * In doubles, whether point p is good nowhere on [lo, hi] (−1), everywhere on it (+1), or may
     * switch inside it (0): the good part of each piece that meets [lo, hi], widened (for "nowhere")
     * or narrowed (for "everywhere") by a relative slack.
     */
    int classify(Point p, double lo, double hi) {
        double xb = form.xb().doubleValue();
        double xc = form.xc().doubleValue();
        double g = form.gamma().doubleValue();
        double a = alpha.doubleValue();
        double b = 1 - a;
        double t = p.t().doubleValue();
        double w = p.w().doubleValue();
        double s = t - xb;
        if (s <= 0) {
            return -1;
        }
        long kFirst = pieceNear(s / hi - 1 - g);
        long kLast = pieceNear(s / lo - 1 - g);
        if (kLast - kFirst > MAX_PIECES) {
            return 0;
        }
        boolean anyGood = false;
        boolean allGood = true;
        double covered = lo; // with every piece wholly good so far, [lo, covered] is good
        for (long k = kLast; k >= kFirst; k--) { // increasing periods
            double pa = s / (k + 1 + g);
            double pb = k + g > 0 ? s / (k + g) : Double.POSITIVE_INFINITY;
            double from = Math.max(pa, lo);
            double to = Math.min(pb, hi);
            if (from > to) {
                continue;
            }
            double need = (w + (k + 1) * xc) / ((k + 1) * a);
            double d = k * b + g;
            double num = t - w - k * xc - xb;
            double upper = d > 0 ? num / d : (num >= -SLACK * (t + w) ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY);
            double gLo = Math.max(from, need);
            double gHi = Math.min(to, upper);
            if (gLo <= gHi * (1 + SLACK)) {
                anyGood = true;
            }
            if (!(need <= from * (1 - SLACK) && upper >= to * (1 + SLACK))) {
                allGood = false;
            } else if (allGood) {
                covered = Math.max(covered, to);
            }
        }
        if (allGood && covered >= hi) {
            return 1;
        }
        return anyGood ? 0 : -1;
    }

    /** Whether the double search shows the requirement good on all of [a, b]. */
    private static boolean covers(SchedulingPoint[] req, double a, double b) {
        for (SchedulingPoint sp : req) {
            if (sp.floorGood(b) >= b && sp.componentBottom(b) <= a) {
                return true;
            }
        }
        return false;
    }

    /** Period T is good: at least the minimum, and every requirement has a point with sbf(t) ≥ w. */
    boolean good(List<List<Point>> reqs, BigFraction period) {
        if (period.compareTo(minPeriod) < 0) {
            return false;
        }
        for (List<Point> req : reqs) {
            boolean any = false;
            for (Point p : req) {
                if (good(p, period)) {
                    any = true;
                    break;
                }
            }
            if (!any) {
                return false;
            }
        }
        return true;
    }

    /**
     * sbf(t) ≥ w at period T, on the piece k that holds T (least k with a_k ≤ T): T ≥ L_k and
     * T ≤ U_k, the formulas of {@link SchedulingPoint} in fractions.
     */
    boolean good(Point p, BigFraction period) {
        BigFraction s = p.t().subtract(form.xb());
        if (sign(s) <= 0) {
            return false;
        }
        BigFraction gamma = form.gamma();
        BigInteger k = ExactDecimal.ceil(s.divide(period).subtract(1).subtract(gamma)).max(BigInteger.ZERO);
        if (k.signum() == 0 && sign(gamma) > 0 && period.compareTo(s.divide(gamma)) > 0) {
            return false; // beyond piece 0: the blackout alone exceeds t
        }
        BigFraction kf = new BigFraction(k);
        BigFraction k1 = kf.add(1);
        if (p.w().add(k1.multiply(form.xc())).compareTo(period.multiply(k1).multiply(alpha)) > 0) {
            return false;
        }
        BigFraction d = kf.multiply(beta).add(gamma);
        BigFraction num = p.t().subtract(p.w()).subtract(kf.multiply(form.xc())).subtract(form.xb());
        if (sign(d) <= 0) {
            return sign(num) >= 0;
        }
        return period.multiply(d).compareTo(num) <= 0;
    }

    /** The exact a_k, b_k, L_k, U_k of point p that lie in [wLo, wHi], for the pieces near e. */
    private void candidates(Point p, double e, BigFraction wLo, BigFraction wHi, TreeSet<BigFraction> out) {
        BigFraction s = p.t().subtract(form.xb());
        if (sign(s) <= 0) {
            return;
        }
        double sd = s.doubleValue();
        double g = form.gamma().doubleValue();
        long kFirst = pieceNear(sd / (e * (1 + WINDOW)) - 1 - g) - 1;
        long kLast = pieceNear(sd / (e * (1 - WINDOW)) - 1 - g) + 1;
        long kMid = pieceNear(sd / e - 1 - g);
        kFirst = Math.max(0, Math.max(kFirst, kMid - MAX_PIECES / 2));
        kLast = Math.min(kLast, kFirst + MAX_PIECES);
        for (long k = kFirst; k <= kLast; k++) {
            BigFraction kf = new BigFraction(k);
            BigFraction k1 = kf.add(1);
            add(out, s.divide(k1.add(form.gamma())), wLo, wHi);
            BigFraction bDen = kf.add(form.gamma());
            if (sign(bDen) > 0) {
                add(out, s.divide(bDen), wLo, wHi);
            }
            add(out, p.w().add(k1.multiply(form.xc())).divide(k1.multiply(alpha)), wLo, wHi);
            BigFraction d = kf.multiply(beta).add(form.gamma());
            if (sign(d) > 0) {
                BigFraction num = p.t().subtract(p.w()).subtract(kf.multiply(form.xc())).subtract(form.xb());
                add(out, num.divide(d), wLo, wHi);
            }
        }
    }

    private static int sign(BigFraction f) {
        return f.getNumerator().signum();
    }

    private static long pieceNear(double x) {
        if (!(x > 0)) {
            return 0;
        }
        return x >= SchedulingPoint.MAX_PIECE ? SchedulingPoint.MAX_PIECE : (long) Math.ceil(x);
    }

    private static void add(TreeSet<BigFraction> out, BigFraction v, BigFraction lo, BigFraction hi) {
        if (v.compareTo(lo) >= 0 && v.compareTo(hi) <= 0) {
            out.add(v);
        }
    }
}
