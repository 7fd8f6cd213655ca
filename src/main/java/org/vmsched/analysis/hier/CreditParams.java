package org.vmsched.analysis.hier;

/**
 * The parameters of Xen's Credit scheduler that bear on a VM's delay, in ticks (THEORY.md §11.5):
 * weight (relative), cap (% of one CPU, 0 = none), the accounting tick, the accounting period
 * (credits re-assigned), the time slice and the ratelimit (least run before a preemption).
 * Immutable.
 */
public record CreditParams(int weight, int cap, long tick, long accountingPeriod, long timeSlice, long ratelimit) {

    public CreditParams {
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
    public static CreditParams xenDefaults(long perMs) {
        return new CreditParams(256, 0, 10 * perMs, 30 * perMs, 30 * perMs, perMs);
    }

    /** The same with another time slice (ratelimit lowered to it if it was larger). */
    public CreditParams withTimeSlice(long slice) {
        return new CreditParams(weight, cap, tick, accountingPeriod, slice, Math.min(ratelimit, slice));
    }
}
