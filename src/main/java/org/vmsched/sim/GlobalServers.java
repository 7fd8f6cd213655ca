package org.vmsched.sim;

/**
 * A hypervisor policy whose decisions are global EDF's over virtual CPUs as THEORY.md §15.12
 * states them (the {@code cores} eligible servers of earliest deadline run, ties to the VM listed
 * first, then to one running, then to the lower server; a running one keeps its core, a dispatched
 * one takes its last core when free, else the lowest free one; periodic or deferrable servers
 * replenished at the VM's offset and every period). The kernel's global loop then plans itself
 * instead of asking {@link HypervisorScheduler#decide} per core (an optimisation held to the
 * general path by {@code GlobalLoopEquivalenceProperties}).
 */
public interface GlobalServers {

    /**
     * Per server what a dispatch on another core than its last costs (its VM's X plus the
     * scenario's migration cost, in ticks), 0 where migrations cost nothing more than X; read
     * only, valid after {@code start}.
     */
    long[] migrationChargeView();

    /**
     * Moves server i to its place in {@code order} (by {@code deadline}, then index; the rest
     * already in that order) after its deadline changed: global EDF's order, shared by the
     * scheduler and the kernel's loop.
     */
    static void resort(int[] order, long[] deadline, int i) {
        int p = 0;
        while (order[p] != i) {
            p++;
        }
        while (p + 1 < order.length && before(deadline, order[p + 1], i)) {
            order[p] = order[p + 1];
            p++;
        }
        while (p > 0 && before(deadline, i, order[p - 1])) {
            order[p] = order[p - 1];
            p--;
        }
        order[p] = i;
    }

    private static boolean before(long[] deadline, int i, int j) {
        return deadline[i] < deadline[j] || deadline[i] == deadline[j] && i < j;
    }

    /** The lowest core the plan leaves idle (−1 in {@code plan}). */
    static int firstFree(int[] plan) {
        for (int c = 0; c < plan.length; c++) {
            if (plan[c] < 0) {
                return c;
            }
        }
        throw new IllegalStateException("more virtual CPUs picked than cores");
    }
}
