package org.vmsched.report;

import org.vmsched.analysis.mpr.BudgetDeadline;

/**
 * The multiprocessor periodic resource interface a global VM's tasks are analysed on (THEORY.md
 * §15.2): Θ = {@code theta} units of useful execution (time units, overhead taken off) in every
 * period Π = {@code period}, on at most {@code concurrency} m′ = k virtual CPUs at once, with at
 * most {@code preemptions} P preemptions of each virtual CPU per period; each vCPU's budget within
 * {@code delta} Δ of its release (time units, C ≤ Δ ≤ Π; the EDP supply of §15.17), from
 * {@code deltaSource}. Immutable.
 */
public record MprInterface(double period, double theta, int concurrency, int preemptions, double delta,
                           BudgetDeadline.Source deltaSource) {
}
