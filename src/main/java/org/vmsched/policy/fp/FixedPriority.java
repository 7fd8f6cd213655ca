package org.vmsched.policy.fp;

import org.vmsched.sim.BudgetedServerScheduler;

/** FP over budgeted servers: the VM's {@code priority} field, 1 highest (smaller runs first). Not thread-safe. */
public final class FixedPriority extends BudgetedServerScheduler {

    @Override
    protected long[] ranks() {
        long[] r = new long[priority.length];
        for (int v = 0; v < r.length; v++) {
            r[v] = priority[v];
        }
        return r;
    }
}
