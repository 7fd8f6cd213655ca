package org.vmsched.analysis;

import java.util.List;

/**
 * The outcome of the exact EDF test of a task set inside a server (THEORY.md §8), times in the
 * scenario's unit.
 *
 * <ul>
 *   <li>{@code verdict}: schedulable and not schedulable are proven; undecided when a limit was
 *       reached (too many QPA steps, a horizon beyond 64-bit ticks, or rounding that decides).</li>
 *   <li>{@code reason}: one sentence for the user saying why, never null.</li>
 *   <li>{@code horizon}: the L up to which the deadlines were checked; +∞ when none was needed
 *       (the useful rate is below U) and NaN when none could be computed.</li>
 *   <li>{@code steps}: QPA iterations done (each evaluates dbf and sbf at one deadline).</li>
 *   <li>{@code witness}: for a proven miss with a known instant, a window length t with
 *       dbf(t) &gt; sbf(t), and the demand and supply there; null (and NaN) otherwise.</li>
 *   <li>{@code note}: null when the values were used exactly; otherwise how they were rounded.</li>
 *   <li>{@code trace}: the first QPA steps, for the Explain tab (empty unless asked for).</li>
 * </ul>
 * Immutable.
 */
public record EdfResult(Verdict verdict, String reason, double horizon, long steps, Double witness,
                        double witnessDemand, double witnessSupply, String note, List<Step> trace) {

    public EdfResult {
        trace = List.copyOf(trace);
    }

    /**
     * One QPA step: at deadline {@code t} the demand {@code demand} = dbf(t) and the supply
     * {@code supply} = sbf(t); when the demand fits, every deadline from {@code next} =
     * finv(dbf(t)) to t is safe and the test goes on at the last deadline before {@code next}.
     */
    public record Step(double t, double demand, double supply, double next) {
    }

    /** Whether the test proved the set schedulable. */
    public boolean schedulable() {
        return verdict == Verdict.SCHEDULABLE;
    }
}
