package org.vmsched.experiment;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.random.RandomGenerator;
import org.vmsched.model.Task;

/**
 * Task sets for multiprocessor studies, named as the literature names their parts (THEORY.md
 * §16.1): utilisations by {@link UUniFastDiscard UUniFast-discard} (Davis and Burns 2009) or
 * Stafford's {@link RandFixedSum} (Emberson, Stafford and Davis 2010), each at most
 * {@code utilisationMax}, summing to a total U that may exceed 1; periods log-uniform with a
 * granularity (Emberson et al. 2010: r uniform in [ln Tmin, ln(Tmax + Tg)), T = ⌊e^r / Tg⌋·Tg);
 * deadlines implicit (D = T) or constrained (D uniform in [C, T]). WCETs are u·T rounded up and
 * deadlines rounded down to {@code decimals} decimals, so every time is a short decimal the
 * analysis converts to ticks exactly; the total utilisation is therefore U plus at most n·10^−d/Tmin.
 * Uses {@link StrictMath}; immutable and thread-safe.
 *
 * @param utilisations      how the utilisations are drawn
 * @param utilisationMax    largest utilisation of one task, in (0, 1]
 * @param periodMin         shortest period, a multiple of {@code periodGranularity}
 * @param periodMax         longest period, a multiple of {@code periodGranularity}
 * @param periodGranularity Tg, > 0
 * @param deadlines         implicit or constrained
 * @param decimals          decimals of WCETs and deadlines, 0 to 6
 */
public record MultiprocessorTaskSets(Utilisations utilisations, double utilisationMax, double periodMin, double periodMax,
                                     double periodGranularity, Deadlines deadlines, int decimals) implements TaskSetGenerator {

    /** How the utilisations are drawn. */
    public enum Utilisations {
        /** {@link UUniFastDiscard}. */
        UUNIFAST_DISCARD("uunifast-discard"),
        /** {@link RandFixedSum}, each utilisation in [0, utilisationMax]. */
        RANDFIXEDSUM("randfixedsum");

        private final String jsonName;

        Utilisations(String jsonName) {
            this.jsonName = jsonName;
        }

        /** The generator method's name in experiment files. */
        public String jsonName() {
            return jsonName;
        }

        /** The method with this file name, or null. */
        public static Utilisations fromJson(String s) {
            for (Utilisations u : values()) {
                if (u.jsonName.equals(s)) {
                    return u;
                }
            }
            return null;
        }
    }

    /** Implicit (D = T) or constrained (C ≤ D ≤ T) deadlines. */
    public enum Deadlines {
        IMPLICIT, CONSTRAINED;

        /** "implicit" or "constrained". */
        public String jsonName() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The kind with this file name, or null. */
        public static Deadlines fromJson(String s) {
            for (Deadlines d : values()) {
                if (d.jsonName().equals(s)) {
                    return d;
                }
            }
            return null;
        }
    }

    /** Most decimals of WCETs and deadlines. */
    public static final int MAX_DECIMALS = 6;

    @Override
    public List<Task> generate(int n, double u, RandomGenerator rng) {
        double[] util = utilisations == Utilisations.UUNIFAST_DISCARD
                ? UUniFastDiscard.draw(n, u, utilisationMax, rng)
                : RandFixedSum.draw(n, u, 0, utilisationMax, rng);
        List<Task> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            double t = period(rng);
            double c = Math.min(t, Math.max(step(), round(util[i] * t, RoundingMode.CEILING)));
            double d = t;
            if (deadlines == Deadlines.CONSTRAINED) {
                d = Math.max(c, round(c + (t - c) * rng.nextDouble(), RoundingMode.FLOOR));
            }
            out.add(new Task("t" + (i + 1), c, t, d, 0));
        }
        return List.copyOf(out);
    }

    /** One period by Emberson et al.'s log-uniform rule with granularity. */
    double period(RandomGenerator rng) {
        double r = StrictMath.log(periodMin) + (StrictMath.log(periodMax + periodGranularity) - StrictMath.log(periodMin))
                * rng.nextDouble();
        long k = (long) Math.floor(StrictMath.exp(r) / periodGranularity);
        double t = BigDecimal.valueOf(periodGranularity).multiply(BigDecimal.valueOf(k)).doubleValue();
        return Math.min(periodMax, Math.max(periodMin, t));
    }

    private double step() {
        return BigDecimal.ONE.movePointLeft(decimals).doubleValue();
    }

    /** x to {@code decimals} decimals, from its exact binary value, so the same on every JDK. */
    private double round(double x, RoundingMode mode) {
        return new BigDecimal(x).setScale(decimals, mode).doubleValue();
    }
}
