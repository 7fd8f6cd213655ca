package org.vmsched.model;

import org.vmsched.text.Format;

/**
 * The former home of the number formats, now {@link Format}'s named contexts: each method
 * forwards to one context and formats nothing itself. Kept for the callers not yet moved to
 * {@link Format}; stateless and thread-safe.
 */
public final class Numbers {

    private Numbers() {
    }

    /** {@link Format.Context#EXACT}: the shortest text that reads back as the same double. */
    public static String exact(double x) {
        return Format.of(x, Format.Context.EXACT);
    }

    /** {@link Format.Context#SCREEN}: up to 4 decimals, "∞", "-" for NaN. */
    public static String display(double x) {
        return Format.of(x, Format.Context.SCREEN);
    }

    /** {@link Format.Context#TABLE}: up to 6 decimals, exponent for the very small and large, "inf", "-" for NaN. */
    public static String table(double x) {
        return Format.of(x, Format.Context.TABLE);
    }

    /** {@link Format#label(double, boolean)}. */
    public static String label(double x, boolean grouped) {
        return Format.label(x, grouped);
    }

    /** {@link Format#labelFormat(int)}. */
    public static java.text.NumberFormat labelFormat(int decimals) {
        return Format.labelFormat(decimals);
    }

    /** {@link Format.Context#LABEL}. */
    public static String label(double x) {
        return Format.of(x, Format.Context.LABEL);
    }
}
