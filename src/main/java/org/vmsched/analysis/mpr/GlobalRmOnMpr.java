package org.vmsched.analysis.mpr;

import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * A sufficient test of global rate-monotonic scheduling (shorter period, higher priority; ties by
 * list order) of constrained-deadline sporadic tasks on an MPR supply: Bertogna, Cirinei and
 * Lipari's fixed-priority interference test carried to the supply (THEORY.md §15.4). Stateless.
 */
public final class GlobalRmOnMpr {

    /** The name of {@link #bertognaCirineiLipari}. */
    public static final String BCL = "Bertogna-Cirinei-Lipari global fixed priority (RM order), on MPR";

    private GlobalRmOnMpr() {
    }

    /**
     * For every task k: Σ_{i of higher priority} min(W_i(D_k), D_k − C_k) &lt; sbf(D_k) − m′·C_k.
     */
    public static MprResult bertognaCirineiLipari(GuestSupply supply, List<GlobalTask> tasks) {
        MprResult pre = GlobalEdfOnMpr.necessary(BCL, supply, tasks);
        if (pre != null) {
            return pre;
        }
        int[] order = IntStream.range(0, tasks.size()).boxed()
                .sorted(Comparator.comparing((Integer i) -> tasks.get(i).period()).thenComparing(i -> i))
                .mapToInt(Integer::intValue).toArray();
        return Interference.test(BCL, supply, tasks, order);
    }
}
