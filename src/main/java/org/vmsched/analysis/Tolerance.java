package org.vmsched.analysis;

/**
 * Floating-point comparisons with the relative tolerance of THEORY.md §3 (about 1e-9 of the
 * larger operand, whatever the time unit), so that exact rational answers (an isolated good
 * period, a response time equal to its deadline) survive rounding. Stateless.
 */
public final class Tolerance {

    /** Relative tolerance used throughout the analysis. */
    public static final double REL = 1e-9;

    private Tolerance() {
    }

    /**
     * {@code a <= b} up to the relative tolerance. An infinite operand compares exactly: with a
     * tolerance scaled by ∞, {@code le(∞, 1)} would be true.
     */
    public static boolean le(double a, double b) {
        if (Double.isInfinite(a) || Double.isInfinite(b)) {
            return a <= b;
        }
        // Purely relative (THEORY.md §3): times are in the user's unit, and an absolute floor of
        // 1e-9 would be a 0.1 % slack for microsecond tasks written in seconds.
        return a <= b + REL * Math.max(Math.abs(a), Math.abs(b));
    }

    /** {@code a >= b} up to the relative tolerance. */
    public static boolean ge(double a, double b) {
        return le(b, a);
    }

    /** Equal up to the relative tolerance. */
    public static boolean eq(double a, double b) {
        return le(a, b) && le(b, a);
    }

    /** Ceiling that does not jump when {@code x} is an integer up to rounding (⌈3.0000000001⌉ = 3). */
    public static double ceil(double x) {
        double r = Math.rint(x);
        if (Math.abs(x - r) <= REL * Math.max(1.0, Math.abs(x))) {
            return r;
        }
        return Math.ceil(x);
    }

    /** Floor that does not drop when {@code x} is an integer up to rounding. */
    public static double floor(double x) {
        double r = Math.rint(x);
        if (Math.abs(x - r) <= REL * Math.max(1.0, Math.abs(x))) {
            return r;
        }
        return Math.floor(x);
    }
}
