package org.vmsched.analysis;

/**
 * A closed interval [lo, hi] of VM periods; {@code lo == hi} is a single isolated period and
 * {@code hi} may be +∞ (bandwidth 1). Immutable.
 */
public record Interval(double lo, double hi) {

    public boolean isPoint() {
        return lo == hi;
    }

    /** Whether x lies in the interval, up to {@link Tolerance#REL}. */
    public boolean contains(double x) {
        return Tolerance.le(lo, x) && Tolerance.le(x, hi);
    }

    @Override
    public String toString() {
        return isPoint() ? "{" + lo + "}" : "[" + lo + ", " + hi + "]";
    }
}
