package org.vmsched.experiment;

import java.util.List;
import org.vmsched.model.SimulationMode;

/**
 * The Tmax study (THEORY.md §5, thesis Fig. 4.3 to 4.9): for every task-set size n, total
 * utilisation u and VM bandwidth α, the mean over the sets of Tmax/T1 and the standard
 * deviation divided by the mean, at switch overhead X. Tmax is exact ({@link
 * org.vmsched.analysis.GoodPeriods#tmax}), searched down to T1/1000; a task set with no good
 * period that long counts as Tmax = 0, as in the thesis. Optionally ({@code simulated} not
 * null) the first few sets of each (n, u) are also simulated ({@link Simulated}). Immutable.
 *
 * @param n         task-set sizes
 * @param u         total utilisations, each in (0, 1]
 * @param alpha     bandwidths C_VM/T_VM, each in (0, 1)
 * @param overhead  switch overhead X ≥ 0 (the thesis uses 0)
 * @param simulated the simulated points to add, or null for none (the default)
 */
public record TmaxStudy(List<Integer> n, List<Double> u, List<Double> alpha, double overhead, Simulated simulated)
        implements Study {

    public TmaxStudy {
        n = List.copyOf(n);
        u = List.copyOf(u);
        alpha = List.copyOf(alpha);
    }

    /** A study without simulated points. */
    public TmaxStudy(List<Integer> n, List<Double> u, List<Double> alpha, double overhead) {
        this(n, u, alpha, overhead, null);
    }

    /**
     * Simulated Tmax ({@link org.vmsched.sim.SimulatedTmax}) for the first {@code sets} task sets
     * of each (n, u) cell at every α. Each of those sets is first rounded to {@code resolution}
     * steps per time unit, conservatively (every wcet up, every period down, deadline = period),
     * so that the simulation is exact; the analytic Tmax of the <em>same rounded set</em> is
     * reported beside it, so the two are compared on equal terms. In worst-case mode the
     * simulated Tmax is never above that analytic Tmax and equals it when the analytic Tmax and
     * α times it fall on the simulator's tick (1/100 of a step); see {@code SimulatedTmax}.
     *
     * @param mode           worst-case (the analysis's own worst case, the default) or synchronous
     *                       (everything released at 0; can do better than the analysis)
     * @param sets           how many of each cell's sets are simulated, the first ones (at least
     *                       1; when larger than the study's sets, all of them are)
     * @param grid           evenly spaced periods tried per α besides the analysis's good-period
     *                       endpoints (1 to 10000; default {@value #DEFAULT_GRID})
     * @param horizonPeriods worst-case mode: each run lasts this many times the set's longest task
     *                       period, plus two VM periods; synchronous mode: each run lasts until the
     *                       schedule repeats, but at most this many longest task periods, so a
     *                       point is "no miss up to there" unless it repeats sooner (&gt; 0, at most
     *                       1000; default {@value #DEFAULT_HORIZON_PERIODS})
     * @param resolution     rounding steps per time unit (&gt; 0, at most 10^6; default 1: whole
     *                       time units)
     */
    public record Simulated(SimulationMode mode, int sets, int grid, double horizonPeriods, double resolution) {

        /** Default number of grid periods per α. */
        public static final int DEFAULT_GRID = 50;
        /** Default horizon in longest task periods: covers every task's first job in worst-case mode. */
        public static final double DEFAULT_HORIZON_PERIODS = 2;
        /** Default rounding: whole time units. */
        public static final double DEFAULT_RESOLUTION = 1;
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
