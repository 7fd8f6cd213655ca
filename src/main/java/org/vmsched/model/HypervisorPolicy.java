package org.vmsched.model;

/**
 * How the hypervisor shares each core among its VMs.
 *
 * <ul>
 *   <li>{@code EDF}, {@code RM}, {@code FP}: every VM is a budgeted server (budget C every period
 *       T, periodic or deferrable per {@link ServerPolicy}), ordered by VM deadline, VM period, or
 *       the VM's {@code priority} (1 is the highest). Scenario version 1.</li>
 *   <li>{@code CBS}: every VM is a hard constant-bandwidth server (runtime = budget, period, an
 *       optional relative deadline in {@link VmParams.Cbs}) under EDF of its server deadlines,
 *       with the Linux SCHED_DEADLINE rules (wake-up rule, throttling). Version 2.</li>
 *   <li>{@code FP_NO_BUDGET}: VMs at fixed priorities ({@code priority}) with no budget at all
 *       (the seed's FP/FP). Version 2.</li>
 *   <li>{@code CREDIT}: Xen's Credit scheduler (weights, caps, time slice, ratelimit;
 *       {@link HypervisorParams.Credit}, {@link VmParams.Credit}). Version 2.</li>
 *   <li>{@code PROPORTIONAL_SHARE}: a proportional-share scheduler with reservation, limit and
 *       shares (VMware ESXi and Hyper-V are presets; {@link HypervisorParams.Share},
 *       {@link VmParams.Share}). Version 2.</li>
 * </ul>
 */
public enum HypervisorPolicy {
    EDF, RM, FP, CBS, FP_NO_BUDGET, CREDIT, PROPORTIONAL_SHARE;

    /** A short name for a narrow box or a tree label: "EDF", "CBS", "FP, no budgets", "Xen Credit", "Prop. share". */
    public String title() {
        return switch (this) {
            case EDF, RM, FP, CBS -> name();
            case FP_NO_BUDGET -> "FP, no budgets";
            case CREDIT -> "Xen Credit";
            case PROPORTIONAL_SHARE -> "Prop. share";
        };
    }

    /** What the policy is, in a line for a list to choose from. */
    public String description() {
        return switch (this) {
            case EDF -> "EDF: periodic servers by deadline";
            case RM -> "RM: periodic servers by period";
            case FP -> "FP: periodic servers by priority";
            case CBS -> "CBS: reservations (SCHED_DEADLINE)";
            case FP_NO_BUDGET -> "FP, no budgets (FP/FP)";
            case CREDIT -> "Xen Credit: weights, caps";
            case PROPORTIONAL_SHARE -> "Proportional share (ESXi, Hyper-V)";
        };
    }

    /** True for the budgeted periodic/deferrable servers of version 1 (EDF, RM, FP). */
    public boolean periodicServers() {
        return this == EDF || this == RM || this == FP;
    }

    /** True when the VM's {@code budget} and {@code period} mean something under this policy. */
    public boolean usesBudget() {
        return periodicServers() || this == CBS;
    }

    /** True when each VM needs a {@code priority}. */
    public boolean usesPriority() {
        return this == FP || this == FP_NO_BUDGET;
    }

    /** The first scenario schema version that knows this policy. */
    public int schemaVersion() {
        return periodicServers() ? 1 : 2;
    }

    /**
     * Why the periodic-server analysis (good periods, Tmax, the supply charts) does not apply
     * under this policy, in a sentence for the user; null for EDF, RM and FP. The policy's own
     * analysis, where one exists, is in the verdict (THEORY.md §11).
     */
    public String noAnalysisReason() {
        return switch (this) {
            case EDF, RM, FP -> null;
            case CREDIT, PROPORTIONAL_SHARE -> (this == CREDIT ? "Xen Credit" : "Proportional share")
                    + " gives a VM no hard guarantee (its share"
                    + " depends on the other VMs' demand): no good periods or Tmax; the verdict table gives the delay"
                    + " bound where one holds";
            case CBS, FP_NO_BUDGET -> (this == CBS ? "CBS" : "FP without budgets") + " is analysed by "
                    + (this == CBS ? "CBS/FP" : "FP/FP") + " (see the verdict table); good periods, Tmax and these"
                    + " charts belong to the periodic server's analysis and are not drawn for it";
        };
    }
}
