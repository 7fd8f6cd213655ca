package org.vmsched.policy.credit;

import org.vmsched.analysis.hier.DelayBound;

/**
 * Credit's worst-case dispatch delays (THEORY.md §11.5), its analysis of a VM. Credit gives a VM
 * no hard guarantee: its share is a long-run average, so no deadline of its tasks is guaranteed.
 * What can be bounded is the delay from the moment a VM has work to the moment it runs, while it
 * is in the round robin of its priority class. Its parameters are its {@link CreditParams}; the
 * analysis of a core from this bound is the shared {@code HierarchyAnalysis.delays}
 * (proportional share's too). Stateless.
 */
final class CreditDelayBounds {

    private CreditDelayBounds() {
    }

    /**
     * The parameters of Xen's Credit scheduler that bear on a VM's delay, in ticks (THEORY.md §11.5):
     * weight (relative), cap (% of one CPU, 0 = none), the accounting tick, the accounting period
     * (credits re-assigned), the time slice and the ratelimit (least run before a preemption), as
     * {@link CreditPolicy} builds them from the scenario's values. Immutable.
     */
    record CreditParams(int weight, int cap, long tick, long accountingPeriod, long timeSlice, long ratelimit) {

        CreditParams {
            if (weight < 1 || weight > 65535) {
                throw new IllegalArgumentException("weight must be in 1..65535, got " + weight);
            }
            if (cap < 0) {
                throw new IllegalArgumentException("cap must be >= 0 (0 = no cap), got " + cap);
            }
            if (tick <= 0 || accountingPeriod <= 0 || timeSlice <= 0) {
                throw new IllegalArgumentException("tick, accounting period and time slice must be > 0");
            }
            if (ratelimit < 0 || ratelimit > timeSlice) {
                throw new IllegalArgumentException("ratelimit must be in [0, time slice = " + timeSlice + "], got " + ratelimit);
            }
        }

        /**
         * Xen's documented defaults (weight 256, no cap, 10 ms tick, 30 ms accounting period, 30 ms
         * time slice, 1 ms ratelimit) with {@code perMs} ticks per millisecond.
         */
        static CreditParams xenDefaults(long perMs) {
            return new CreditParams(256, 0, 10 * perMs, 30 * perMs, 30 * perMs, perMs);
        }

        /** The same with another time slice (ratelimit lowered to it if it was larger). */
        CreditParams withTimeSlice(long slice) {
            return new CreditParams(weight, cap, tick, accountingPeriod, slice, Math.min(ratelimit, slice));
        }
    }

    /**
     * Credit: a vCPU that wakes with credit left (UNDER) and is not boosted goes to the tail of
     * the UNDER queue; each of the {@code competitors} other vCPUs of the core ahead of it runs at
     * most one time slice (at least the ratelimit, never more than the slice), each switch costing
     * X, then X for its own switch: d ≤ m·(s + X) + X. When it is out of credit (OVER) or above its
     * cap it waits for the next accounting period or longer: no bound from the slice.
     */
    static DelayBound credit(CreditParams p, int competitors, long overhead) {
        DelayBound.checkArguments(competitors, overhead);
        long per = Math.addExact(Math.max(p.timeSlice(), p.ratelimit()), overhead);
        long d = Math.addExact(Math.multiplyExact(competitors, per), overhead);
        String cond = "while the VM has credit left (UNDER) and is under its cap"
                + (p.cap() > 0 ? " (cap " + p.cap() + " %)" : "")
                + "; credits are debited per tick, so a VM that runs at tick boundaries can be charged more than it used";
        return new DelayBound(false, d, cond,
                "Credit gives no hard guarantee: the delay before the VM runs is at most " + competitors
                        + " × (time slice + X) + X = " + d + " ticks " + cond + "; out of credit it waits for the next "
                        + "accounting period (" + p.accountingPeriod() + " ticks) or longer.");
    }

    /**
     * The best case of Credit: a boosted vCPU (woken with credit left) preempts the running one
     * as soon as that has run the ratelimit: d ≤ r + 2X. Not a guarantee (boost is not promised).
     */
    static long creditBoosted(CreditParams p, long overhead) {
        DelayBound.checkArguments(0, overhead);
        return Math.addExact(p.ratelimit(), Math.multiplyExact(2, overhead));
    }
}
