package org.vmsched.experiment;

import java.util.List;

/**
 * The Tmax study (THEORY.md §5, thesis Fig. 4.3 to 4.9): for every task-set size n, total
 * utilisation u and VM bandwidth α, the mean over the sets of Tmax/T1 and the standard
 * deviation divided by the mean, at switch overhead X. Tmax is exact ({@link
 * org.vmsched.analysis.GoodPeriods#tmax}), searched down to T1/1000; a task set with no good
 * period that long counts as Tmax = 0, as in the thesis. Immutable.
 *
 * @param n        task-set sizes
 * @param u        total utilisations, each in (0, 1]
 * @param alpha    bandwidths C_VM/T_VM, each in (0, 1)
 * @param overhead switch overhead X ≥ 0 (the thesis uses 0)
 */
public record TmaxStudy(List<Integer> n, List<Double> u, List<Double> alpha, double overhead) implements Study {

    public TmaxStudy {
        n = List.copyOf(n);
        u = List.copyOf(u);
        alpha = List.copyOf(alpha);
    }

    @Override
    public String kind() {
        return "tmax";
    }

    /** Number of Tmax values computed per task set (one per α). */
    public int cells() {
        return n.size() * u.size() * alpha.size();
    }
}
