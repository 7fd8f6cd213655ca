package org.vmsched.ui.main;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;
import org.vmsched.analysis.ExactInterval;
import org.vmsched.analysis.GoodPeriods;
import org.vmsched.analysis.Interval;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.analysis.TaskVerdict;
import org.vmsched.analysis.VmSupply;
import org.vmsched.design.SafeRounding;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;

/**
 * Where a click on the good-period map or the Tmax curve puts a VM's server: α on the map's
 * column grid (0.01), T_VM on a round value of the chart's scale, and — when the click is within
 * {@link #PIXELS} pixels of it — onto the end of a good interval, an isolated good point (on the
 * map) or Tmax(α) (on the curve). An end is exact (350/19) and the period set is the decimal of
 * {@link SafeRounding.Precision#DEFAULT six significant digits} on its safe side, inside the
 * interval (18.4210, not the double 18.42105263157895 just outside it); an isolated point is hit
 * exactly when it is a decimal. The budget is α·T rounded up, and the server is checked by the
 * exact test before it is returned (with more digits when six fail). {@link Server#note} says
 * what was chosen beside the exact end, for the status line. Stateless; plain Java.
 */
public final class ServerSnap {

    /** How near a click must be, in pixels, to snap onto an interval's end, an isolated point or the curve. */
    public static final double PIXELS = 8;
    /** α moves in steps of the map's columns. */
    public static final double ALPHA_STEP = 0.01;

    /**
     * A server: bandwidth α, period T and budget C (α·T rounded up at six significant digits, at
     * most T); {@code note} is the status line's account of a snap ("Tmax = 350/19 ≈ 18.421053;
     * set T = 18.4210, C = 11.4211"), null for a plain click.
     */
    public record Server(double alpha, double period, double budget, String note) {

        /** A server at α and T with the budget α·T rounded up (0.4 · 10 is 4, not 4.000000000000001). */
        public Server(double alpha, double period) {
            this(alpha, period, budgetFor(alpha, BigDecimal.valueOf(period)).doubleValue(), null);
        }
    }

    private ServerSnap() {
    }

    /** α·T exactly, rounded up at the default precision, at most T. */
    static BigDecimal budgetFor(double alpha, BigDecimal period) {
        return budgetFor(alpha, period, SafeRounding.Precision.DEFAULT);
    }

    private static BigDecimal budgetFor(double alpha, BigDecimal period, SafeRounding.Precision p) {
        BigDecimal c = SafeRounding.up(SafeRounding.fraction(BigDecimal.valueOf(alpha).multiply(period)), p);
        return c.compareTo(period) > 0 ? period : c;
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
        Server exact = nearestGood(s, v, a, period, tol, onCurve);
        if (exact != null) {
            return exact;
        }
        double step = roundStep(periodPerPixel);
        double t = clean(Math.round(period / step) * step);
        return t > 0 ? new Server(a, t) : null;
    }

    /** The server on the good-period boundary nearest to {@code period} within {@code tol}, or null. */
    private static Server nearestGood(Scenario s, int v, double alpha, double period, double tol, boolean onCurve) {
        List<ExactInterval> good;
        VirtualMachine vm = s.vms().get(v);
        try {
            GoodPeriods gp = GoodPeriods.of(vm.tasks(), vm.scheduler());
            good = VmSupply.exactGoodPeriods(s, vm, gp, SafeRounding.fraction(alpha), gp.defaultMinPeriod());
        } catch (IllegalArgumentException e) { // AnalysisLimitException too: no snapping then
            return null;
        }
        ExactInterval best = null;
        boolean bestTop = false;
        double bestDist = Double.POSITIVE_INFINITY;
        for (int i = 0; i < good.size(); i++) {
            ExactInterval in = good.get(i);
            boolean last = i == good.size() - 1;
            Interval d = in.approx();
            double[] ends = onCurve ? (last ? new double[] {d.hi()} : new double[0]) : new double[] {d.lo(), d.hi()};
            for (int k = 0; k < ends.length; k++) {
                double end = ends[k];
                double dist = Math.abs(end - period);
                if (Double.isFinite(end) && end > 0 && dist <= tol && dist < bestDist) {
                    best = in;
                    bestTop = onCurve || k == 1;
                    bestDist = dist;
                }
            }
        }
        if (best == null) {
            return null;
        }
        boolean tmax = bestTop && best == good.get(good.size() - 1);
        BigFraction end = best.isPoint() ? best.lo() : bestTop ? best.hi() : best.lo();
        String what = (best.isPoint() ? "the isolated good period " : tmax ? "Tmax = " : bestTop
                ? "good periods end at " : "good periods start at ") + SafeRounding.describe(end);
        for (SafeRounding.Precision p = SafeRounding.Precision.DEFAULT; p != null; p = p.finer()) {
            BigDecimal t = SafeRounding.periodInside(best, bestTop, p);
            if (t == null) {
                return null; // an isolated point no decimal hits: the plain click's round value instead
            }
            BigDecimal c = budgetFor(alpha, t, p);
            if (passes(s, v, t.doubleValue(), c.doubleValue())) {
                return new Server(alpha, t.doubleValue(), c.doubleValue(),
                        what + "; set T = " + t.toPlainString() + ", C = " + c.toPlainString());
            }
            if (p.digits() >= SafeRounding.Precision.DEFAULT.digits() + 3) {
                return new Server(alpha, t.doubleValue(), c.doubleValue(), what + "; set T = " + t.toPlainString()
                        + ", C = " + c.toPlainString() + " (the exact test does not pass it)");
            }
        }
        return null;
    }

    /** Whether VM v's tasks all meet their deadlines with server (T, C) among its neighbours. */
    private static boolean passes(Scenario s, int v, double period, double budget) {
        VirtualMachine vm = s.vms().get(v);
        VirtualMachine moved = vm.withServer(period, budget, vm.overhead());
        List<VirtualMachine> vms = new ArrayList<>(s.vms());
        vms.set(v, moved);
        Scenario t = s.withVms(vms);
        try {
            return SystemAnalysis.analyzeVm(t, moved, Double.NaN).tasks().stream().allMatch(TaskVerdict::schedulable);
        } catch (IllegalArgumentException e) {
            return false;
        }
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
        double c = new BigDecimal(x).round(new MathContext(12)).doubleValue();
        return Math.abs(c - x) <= 1e-12 * Math.abs(x) ? c : x;
    }
}
