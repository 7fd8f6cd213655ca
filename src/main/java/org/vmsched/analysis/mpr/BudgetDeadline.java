package org.vmsched.analysis.mpr;

import java.util.Locale;
import org.apache.commons.math3.fraction.BigFraction;

/**
 * Δ of one VM's vCPUs (THEORY.md §15.17): each vCPU has held a core for its whole budget C within
 * {@code delta} of its release (scenario time units, exact, C ≤ Δ ≤ T), and where that bound comes
 * from. Immutable.
 */
public record BudgetDeadline(BigFraction delta, Source source) {

    /** Where Δ comes from. */
    public enum Source {
        /** Δ = C: at most as many vCPUs as cores, each runs from its replenishment (§15.17 Claim 1; deferrable: §15.14 addendum). */
        CORE_EACH,
        /** The host's response-time bound (§15.16), rounded up to the grid of the server values, below T. */
        HOST_BOUND,
        /** The host's own schedule of the periodic vCPUs at the VMs' offsets as written (§15.18), below the bound. */
        HOST_SCHEDULE,
        /** Deferrable vCPUs sharing the cores: C plus the most a vCPU is blocked in one period (§15.14's Ī), below T. */
        HOST_BLOCKING,
        /** Δ = T: no sharper bound (§15.2's supply). */
        PERIOD;

        /** The JSON word: "core-each", "host-bound", "host-schedule", "host-blocking", "period". */
        public String jsonName() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }
}
