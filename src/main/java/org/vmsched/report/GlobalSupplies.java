package org.vmsched.report;

import org.vmsched.analysis.mpr.MprSupply;
import org.vmsched.analysis.mpr.ScheduleSupply;

/**
 * The supplies a global VM's tasks were analysed on (THEORY.md §15.17, §15.19), as its analysis read
 * them: {@code edp}, the MPR supply of its vCPUs with each budget within Δ of its release (never null),
 * and {@code schedule}, the least supply of the host's own schedule at the VMs' offsets, where the
 * analysis builds one (periodic vCPUs sharing the cores), else null. Immutable.
 */
public record GlobalSupplies(MprSupply edp, ScheduleSupply schedule) {
}
