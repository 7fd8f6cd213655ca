package org.vmsched.analysis;

import org.apache.commons.math3.fraction.BigFraction;

/**
 * A supply as a function of the VM period T at a fixed bandwidth α (THEORY.md §6.4): useful
 * chunk αT − xc per period after a blackout γT + xb. The thesis's server (§2) is
 * xc = xb = X, γ = 2(1 − α). Immutable.
 */
record SupplyForm(double xc, double xb, double gamma) {

    /** The thesis's periodic server, never preempted. */
    static SupplyForm thesis(double alpha, double overhead) {
        return new SupplyForm(overhead, overhead, 2 * (1 - alpha));
    }

    /** The form of a supply of this kind, P and X at bandwidth α (budget α·T). */
    static SupplyForm of(Supply.Kind kind, int preemptions, double overhead, double alpha) {
        double lost = (1.0 + preemptions) * overhead;
        return switch (kind) {
            case PERIODIC -> new SupplyForm(lost, (2.0 * preemptions + 1) * overhead, 2 * (1 - alpha));
            case DEFERRABLE_UNDELAYED -> new SupplyForm(overhead, 2 * overhead, 1 - alpha);
            case DEFERRABLE -> new SupplyForm(lost, lost, 2 - alpha);
        };
    }

    /** The form of {@code s}'s kind, P and overhead at bandwidth α. */
    static SupplyForm of(Supply s, double alpha) {
        SupplyForm f = of(s.kind(), s.preemptions(), s.overhead(), alpha);
        // a late start adds at most the start itself to the blackout (THEORY.md §6.1): safe here
        return s.start() > 0 ? new SupplyForm(f.xc(), f.xb() + s.start(), f.gamma()) : f;
    }

    /** The exact form (THEORY.md §6.6): the same three numbers as fractions, from the decimals. */
    record Exact(BigFraction xc, BigFraction xb, BigFraction gamma) {
    }

    /** {@link #of(Supply, double)} without rounding, at the exact bandwidth α. */
    static Exact exact(Supply s, BigFraction alpha) {
        BigFraction x = ExactDecimal.fraction(s.overhead());
        BigFraction lost = x.multiply(1L + s.preemptions());
        BigFraction beta = BigFraction.ONE.subtract(alpha);
        Exact f = switch (s.kind()) {
            case PERIODIC -> new Exact(lost, x.multiply(2L * s.preemptions() + 1), beta.multiply(2));
            case DEFERRABLE_UNDELAYED -> new Exact(x, x.multiply(2), beta);
            case DEFERRABLE -> new Exact(lost, lost, BigFraction.TWO.subtract(alpha));
        };
        return s.start() > 0 ? new Exact(f.xc(), f.xb().add(ExactDecimal.fraction(s.start())), f.gamma()) : f;
    }
}
