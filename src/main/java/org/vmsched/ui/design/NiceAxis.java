package org.vmsched.ui.design;

import java.math.BigDecimal;
import java.math.MathContext;

/**
 * An axis range for the design chart with evenly spaced ticks: from {@code lower} to
 * {@code upper} in steps of {@code tick}, a 1, 2 or 5 times a power of ten, about
 * {@link #TICKS} of them, so every tick gets its label (JavaFX's auto-ranging axis left some
 * out: 0.0, 0.2, 0.3 … 0.7, 0.9). The range holds every value it was made for, the optimum
 * included. Immutable; plain Java.
 */
record NiceAxis(double lower, double upper, double tick) {

    /** Ticks aimed at on an axis (at most about twice as many). */
    static final int TICKS = 10;

    /** A range from 0 (or below, for negative values) that holds [min, max], ticks evenly spaced. */
    static NiceAxis of(double min, double max) {
        double lo = Math.min(0, min);
        double hi = Math.max(max, lo);
        if (!(hi > lo) || !Double.isFinite(hi) || !Double.isFinite(lo)) {
            return new NiceAxis(lo, lo + 1, 0.1);
        }
        double raw = (hi - lo) / TICKS;
        double p = Math.pow(10, Math.floor(Math.log10(raw)));
        double tick = 10 * p;
        for (double m : new double[] {1, 2, 5}) {
            if (m * p >= raw) {
                tick = m * p;
                break;
            }
        }
        tick = clean(tick);
        double lower = clean(Math.floor(lo / tick) * tick);
        double upper = clean(Math.ceil(hi / tick) * tick);
        if (upper < hi) {
            upper = clean(upper + tick);
        }
        return new NiceAxis(lower, upper, tick);
    }

    private static double clean(double x) {
        return BigDecimal.valueOf(x).round(new MathContext(12)).doubleValue();
    }
}
