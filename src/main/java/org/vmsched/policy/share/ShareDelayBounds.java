package org.vmsched.policy.share;

import org.vmsched.analysis.hier.DelayBound;

/**
 * Proportional share's worst-case dispatch delay (THEORY.md §11.5), its analysis of a VM. It gives
 * a VM no hard guarantee: its share is a long-run average, so no deadline of its tasks is
 * guaranteed. What can be bounded is the delay from the moment a VM has work to the moment it
 * runs. Its parameters are {@link ShareParams}; the analysis of a core from this bound is the
 * shared {@code HierarchyAnalysis.delays} (Credit's too). Stateless.
 */
final class ShareDelayBounds {

    private ShareDelayBounds() {
    }

    /**
     * Proportional share (ESXi, Hyper-V): each of the {@code competitors} other VMs may run one
     * quantum q before the VM, each switch costing X: d ≤ m·(q + X) + X, while the VM is below its
     * limit; a VM at its limit is held back until its accounting lets it run again: no bound.
     */
    static DelayBound proportionalShare(ShareParams p, int competitors, long overhead) {
        DelayBound.checkArguments(competitors, overhead);
        long d = Math.addExact(Math.multiplyExact(competitors, Math.addExact(p.quantum(), overhead)), overhead);
        String cond = "while the VM is below its limit"
                + (p.limitPerMille() > 0 ? " (" + p.limitPerMille() + " per mille)" : "");
        String res = p.reservationPerMille() > 0
                ? " Its reservation of " + p.reservationPerMille() + " per mille is a long-run rate, not a deadline."
                : "";
        return new DelayBound(false, d, cond,
                "Proportional share gives no hard guarantee: the delay before the VM runs is at most " + competitors
                        + " × (quantum + X) + X = " + d + " ticks " + cond + "." + res);
    }
}
