package org.vmsched.analysis;

/**
 * The good VM periods of one scheduling point (THEORY.md §3): for a window length t with demand
 * w, the periods T for which sbf(t) ≥ w at bandwidth α and overhead X, no shorter than
 * {@code minPeriod}. The supply formula has one linear piece per k = 0, 1, 2, … covering
 * T ∈ [a_k, b_k], a_k = (t−X)/(k+1+2β), b_k = (t−X)/(k+2β), β = 1−α, and on piece k the good
 * periods are [max(a_k, L_k), min(b_k, U_k)] with L_k = (w+(k+1)X)/((k+1)α) and
 * U_k = (t−w−(k+1)X)/((k+2)β). Each condition is a concave quadratic in k, so the good pieces
 * form one run k ∈ [kLo, kHi] and the wholly good pieces another; both are found in closed form
 * and checked, so every operation here costs O(1) or O(log) whatever the number of pieces.
 * Immutable after construction; not shared between threads by the callers.
 */
final class SchedulingPoint {

    private static final double TOL = Tolerance.REL;

    /**
     * The last piece index considered, so that k stays exact in a double; it is only reached
     * when the minimum period is below (t−X)·2.5e-16, which the callers refuse.
     */
    static final long MAX_PIECE = 4_000_000_000_000_000L;

    final double t;
    final double w;
    private final double s;
    private final double alpha;
    private final double beta;
    /** Supply form: chunk αT − xc, blackout γT + xb (THEORY.md §6.4); δ = γ − β. */
    private final double xc;
    private final double xb;
    private final double gamma;
    private final double delta;
    private final double minPeriod;
    /** Good pieces are kLo..kHi; empty when kLo > kHi. */
    final long kLo;
    final long kHi;

    SchedulingPoint(double t, double w, double alpha, double overhead, double minPeriod) {
        this(t, w, alpha, SupplyForm.thesis(alpha, overhead), minPeriod);
    }

    SchedulingPoint(double t, double w, double alpha, SupplyForm form, double minPeriod) {
        this.t = t;
        this.w = w;
        this.xc = form.xc();
        this.xb = form.xb();
        this.gamma = form.gamma();
        this.s = t - xb;
        this.alpha = alpha;
        this.beta = 1 - alpha;
        this.delta = gamma - beta;
        this.minPeriod = minPeriod;
        long[] range = goodRange();
        this.kLo = range[0];
        this.kHi = range[1];
    }

    boolean isEmpty() {
        return kLo > kHi;
    }

    double a(long k) {
        return s / (k + 1 + gamma);
    }

    double b(long k) {
        double d = k + gamma;
        return d <= 0 ? Double.POSITIVE_INFINITY : s / d;
    }

    private double lowerNeed(long k) {
        return (w + (k + 1) * xc) / ((k + 1) * alpha);
    }

    private double upperNeed(long k) {
        double d = k * beta + gamma;
        if (d <= 0) {
            // Compare t − k·xc − xb with w, not their difference with 0: the tolerance is relative,
            // and a difference that is 0 up to rounding has no scale of its own.
            return Tolerance.ge(t - k * xc - xb, w) ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
        }
        double num = t - w - k * xc - xb;
        return num / d;
    }

    double lo(long k) {
        return Math.max(Math.max(a(k), lowerNeed(k)), minPeriod);
    }

    double hi(long k) {
        return Math.min(b(k), upperNeed(k));
    }

    boolean good(long k) {
        return k >= 0 && Tolerance.le(lo(k), hi(k));
    }

    /** Piece k is good from its bottom a_k to its top b_k. */
    boolean full(long k) {
        return good(k) && Tolerance.le(lo(k), a(k)) && Tolerance.ge(hi(k), b(k));
    }

    /** The good part of piece k, snapped to a single point when the ends meet within tolerance. */
    double loSnapped(long k) {
        return Math.min(lo(k), hi(k));
    }

    /** The piece whose range holds period p at or above its bottom: least k with a_k ≤ p. */
    long pieceOf(double p) {
        if (p >= b(0)) {
            return 0;
        }
        double k = Math.ceil(s / p - 1 - gamma);
        if (k > MAX_PIECE) {
            return MAX_PIECE + 1; // below every piece this point considers (kHi <= MAX_PIECE)
        }
        long kk = (long) Math.max(0, k);
        while (kk > 0 && a(kk - 1) <= p) {
            kk--;
        }
        while (a(kk) > p) {
            kk++;
        }
        return kk;
    }

    /** The largest good period ≤ p at this point, or −∞. */
    double floorGood(double p) {
        if (isEmpty()) {
            return Double.NEGATIVE_INFINITY;
        }
        long k0 = pieceOf(p);
        if (k0 < kLo) {
            return hi(kLo);
        }
        if (k0 > kHi) {
            return Double.NEGATIVE_INFINITY;
        }
        if (Tolerance.le(loSnapped(k0), p)) {
            return Math.min(p, hi(k0));
        }
        return k0 + 1 <= kHi ? hi(k0 + 1) : Double.NEGATIVE_INFINITY;
    }

    /** Whether p is a good period at this point. */
    boolean contains(double p) {
        double f = floorGood(p);
        return f != Double.NEGATIVE_INFINITY && Tolerance.ge(f, p);
    }

    /** For a good period p, the bottom of the interval of good periods at this point holding p. */
    double componentBottom(double p) {
        long k = pieceOf(p);
        if (!(k >= kLo && k <= kHi && Tolerance.le(loSnapped(k), p) && Tolerance.le(p, hi(k)))) {
            k = k + 1; // p sits on the border a_k = b_{k+1}
        }
        while (true) {
            double lo = loSnapped(k);
            if (!Tolerance.le(lo, a(k)) || k >= kHi) {
                return lo; // the good part stops inside this piece, or no piece follows
            }
            long next = k + 1;
            if (!Tolerance.ge(hi(next), b(next))) {
                return lo; // the next piece is not good at its top: a gap
            }
            k = full(next) ? lastFull(next) : next;
        }
    }

    /** The last k in the run of wholly good pieces that starts at {@code from} (binary search). */
    private long lastFull(long from) {
        long lo = from;
        long hi = kHi;
        while (lo < hi) {
            long mid = lo + (hi - lo + 1) / 2;
            if (full(mid)) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /** The run of good pieces, {kLo, kHi}; {1, 0} when empty. */
    private long[] goodRange() {
        long[] range = s <= 0 ? null : roughRange();
        return range == null ? new long[] {1, 0} : settled(range);
    }

    /**
     * The run of good pieces as the real solution rounds it, {kl, kh}, or null when empty. With
     * u = k+1, the conditions L_k ≤ U_k, L_k ≤ b_k and a_k ≤ U_k read g(u) = −X·u² + B·u + C ≥ 0
     * (concave), and b_k ≥ minPeriod, U_k ≥ minPeriod bound u from above.
     */
    private long[] roughRange() {
        double uLo = 1;
        double uHi = Double.POSITIVE_INFINITY;
        // with u = k + 1 and e = t − w + xc − xb (THEORY.md §6.4): L ≤ U, L ≤ b, a ≤ U
        double e = t - w + xc - xb;
        double[][] quads = {
            {-xc, alpha * e - w * beta - delta * xc, -w * delta},
            {-xc, alpha * s - w - xc * (gamma - 1), -w * (gamma - 1)},
            {-xc, e - gamma * xc - s * beta, gamma * e - s * delta},
        };
        double vertex = Double.NaN;
        for (double[] q : quads) {
            double[] r = superlevel(q[0], q[1], q[2], t + w + xb);
            if (r == null) {
                return null;
            }
            if (r[0] == r[1]) {
                vertex = r[0];
            }
            uLo = Math.max(uLo, r[0]);
            uHi = Math.min(uHi, r[1]);
        }
        uHi = Math.min(uHi, s / minPeriod - gamma + 1);
        if (xc + minPeriod * beta > 0) {
            uHi = Math.min(uHi, (e - minPeriod * delta) / (xc + minPeriod * beta));
        }
        long kl;
        long kh;
        if (uLo > uHi + 1) {
            if (Double.isNaN(vertex)) {
                return null;
            }
            kl = (long) Math.max(0, Math.rint(vertex - 1));
            kh = kl;
        } else {
            kl = (long) Math.max(0, Math.ceil(uLo - 1 - 1e-6));
            double khd = Math.floor(uHi - 1 + 1e-6);
            kh = (long) Math.min(khd, MAX_PIECE);
            if (kh < kl) {
                kh = kl;
            }
        }
        return new long[] {kl, kh};
    }

    /**
     * The rough run checked piece by piece at its ends, in place (rounding or a tangency may move
     * them by one or two); {1, 0} when its first piece is not good after all.
     */
    private long[] settled(long[] range) {
        long kl = range[0];
        long kh = range[1];
        for (int step = 0; step < 3 && kl > 0 && good(kl - 1); step++) {
            kl--;
        }
        for (int step = 0; step < 3 && kl <= kh && !good(kl); step++) {
            kl++;
        }
        if (!good(kl)) {
            range[0] = 1;
            range[1] = 0;
            return range;
        }
        if (kh < kl) {
            kh = kl;
        }
        for (int step = 0; step < 3 && good(kh + 1); step++) {
            kh++;
        }
        for (int step = 0; step < 3 && kh > kl && !good(kh); step++) {
            kh--;
        }
        range[0] = kl;
        range[1] = kh;
        return range;
    }

    /**
     * Where A·u² + B·u + C ≥ 0 for A ≤ 0: {lo, hi} (possibly infinite), {v, v} at the vertex
     * when it is only just negative (a tangency lost to rounding), or null when nowhere.
     * {@code ref} is the size of the quantities the coefficients were computed from (t + w + X):
     * a coefficient that is rounding noise next to it counts as 0. Measured against the
     * coefficients alone, noise such as α(t − w) with w = t(1 + 1e-16) looked like a real slope and
     * cut the good pieces off (EDF at α = 1, a deadline where dbf(t) = t).
     */
    static double[] superlevel(double qa, double qb, double qc, double ref) {
        double scale = Math.max(ref, Math.abs(qa) + Math.abs(qb) + Math.abs(qc));
        if (qa == 0) {
            if (Math.abs(qb) <= TOL * scale) {
                return qc >= -TOL * scale ? new double[] {Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY} : null;
            }
            double root = -qc / qb;
            return qb > 0 ? new double[] {root, Double.POSITIVE_INFINITY} : new double[] {Double.NEGATIVE_INFINITY, root};
        }
        double disc = qb * qb - 4 * qa * qc;
        double v = -qb / (2 * qa);
        if (disc < 0) {
            return disc > -1e-7 * qb * qb - 1e-12 * scale * scale ? new double[] {v, v} : null;
        }
        double sq = Math.sqrt(disc);
        double r1 = (-qb + sq) / (2 * qa);
        double r2 = (-qb - sq) / (2 * qa);
        return new double[] {Math.min(r1, r2), Math.max(r1, r2)};
    }
}
