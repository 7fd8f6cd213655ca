package org.vmsched.ui.main;

import java.math.BigDecimal;
import java.util.List;
import org.vmsched.analysis.GoodPeriods;
import org.vmsched.analysis.Interval;
import org.vmsched.analysis.VmSupply;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;

/**
 * Where a click on the good-period map or the Tmax curve puts a VM's server: α on the map's
 * column grid (0.01), T_VM on a round value of the chart's scale, and — when the click is within
 * {@link #PIXELS} pixels of it — exactly onto the end of a good interval, an isolated good point
 * (on the map) or Tmax(α) (on the curve), so the server chosen is one the analysis calls good.
 * Stateless; plain Java.
 */
public final class ServerSnap {

    /** How near a click must be, in pixels, to snap onto an interval's end, an isolated point or the curve. */
    public static final double PIXELS = 8;
    /** α moves in steps of the map's columns. */
    public static final double ALPHA_STEP = 0.01;

    /** A server: bandwidth α and period T; the budget is α·T. */
    public record Server(double alpha, double period) {
        /** α·T, without the last bits of noise (0.4 · 10 is 4, not 4.000000000000001). */
        public double budget() {
            return clean(alpha * period);
        }
    }

    private ServerSnap() {
    }

    /**
     * The server a click at ({@code alpha}, {@code period}) asks for on VM {@code v} of {@code s};
     * {@code alphaPerPixel} and {@code periodPerPixel} are the chart's scale at the click;
     * {@code onCurve}: the click was on the Tmax chart (snap onto Tmax(α) only). Null when the
     * click is outside α in (0, 1] or T &gt; 0.
     */
    public static Server snap(Scenario s, int v, double alpha, double period, double alphaPerPixel, double periodPerPixel,
                              boolean onCurve) {
        double a = clean(Math.round(alpha / ALPHA_STEP) * ALPHA_STEP);
        if (!(alpha > 0) || alpha > 1 + ALPHA_STEP / 2 || !(period > 0)) {
            return null;
        }
        a = Math.max(ALPHA_STEP, Math.min(1, a));
        double tol = PIXELS * periodPerPixel;
        Double exact = nearestGood(s, v, a, period, tol, onCurve);
        if (exact != null) {
            return new Server(a, exact);
        }
        double step = roundStep(periodPerPixel);
        double t = clean(Math.round(period / step) * step);
        return t > 0 ? new Server(a, t) : null;
    }

    /** The good-period boundary nearest to {@code period} within {@code tol}, or null. */
    private static Double nearestGood(Scenario s, int v, double alpha, double period, double tol, boolean onCurve) {
        List<Interval> good;
        try {
            VirtualMachine vm = s.vms().get(v);
            GoodPeriods gp = GoodPeriods.of(vm.tasks(), vm.scheduler());
            good = VmSupply.goodPeriods(s, vm, gp, alpha, gp.defaultMinPeriod());
        } catch (IllegalArgumentException e) { // AnalysisLimitException too: no snapping then
            return null;
        }
        Double best = null;
        for (int i = 0; i < good.size(); i++) {
            Interval in = good.get(i);
            boolean last = i == good.size() - 1;
            for (double end : onCurve ? (last ? new double[] {in.hi()} : new double[0]) : new double[] {in.lo(), in.hi()}) {
                if (Double.isFinite(end) && end > 0 && Math.abs(end - period) <= tol
                        && (best == null || Math.abs(end - period) < Math.abs(best - period))) {
                    best = end;
                }
            }
        }
        return best;
    }

    /** The smallest 1, 2 or 5 times a power of ten that is at least 4 pixels: round values a click can still aim at. */
    static double roundStep(double perPixel) {
        double want = Math.max(4 * perPixel, 1e-9);
        double p = Math.pow(10, Math.floor(Math.log10(want)));
        for (double m : new double[] {1, 2, 5, 10}) {
            if (m * p >= want) {
                return clean(m * p);
            }
        }
        return clean(10 * p);
    }

    /** {@code x} without floating-point noise past 12 significant digits (14.100000000000001 → 14.1). */
    static double clean(double x) {
        if (x == 0 || !Double.isFinite(x)) {
            return x;
        }
        double c = new BigDecimal(x).round(new java.math.MathContext(12)).doubleValue();
        return Math.abs(c - x) <= 1e-12 * Math.abs(x) ? c : x;
    }
}
