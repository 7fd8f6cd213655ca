package org.vmsched.experiment;

import java.util.List;
import java.util.Locale;

/**
 * The overhead study (THEORY.md §5, thesis Fig. 4.13 to 4.15): for each panel (u, α) and each
 * switch overhead X, the mean over the task sets of max_i Ri/Ti at every VM period T of the
 * grid, each ratio capped at {@code responseRatioCap} (so one hopeless set cannot make a mean
 * infinite). Immutable.
 *
 * @param n                task-set size
 * @param panels           the (u, α) pairs, grouped by u
 * @param overhead         the overheads X, one curve each
 * @param periods          the VM periods T
 * @param responseRatioCap where the response-time iteration stops: Ri/Ti counts as this value
 *                         once Ri passes cap·Ti (≥ 1; the thesis study uses 10)
 * @param source           how max Ri/Ti is obtained
 * @param resolution       with {@link Source#SIMULATION}: task sets are rounded to this many
 *                         steps per time unit before simulating ({@link TaskSetRounding}; a
 *                         power of ten, default {@value #DEFAULT_RESOLUTION}); unused by the
 *                         analysis
 */
public record OverheadStudy(int n, List<Panel> panels, List<Double> overhead, PeriodGrid periods,
                            double responseRatioCap, Source source, double resolution) implements Study {

    /**
     * Default rounding of the simulated source: steps of 0.01 time unit. Finer than the Tmax
     * study's whole units because this study's wcets are a few time units (rounding them up to
     * whole units would add tens of percent of load), and free: budgets α·T with a two-decimal α
     * already need 100 ticks per time unit, and the simulator's cost is in events, not ticks.
     */
    public static final double DEFAULT_RESOLUTION = 100;

    public OverheadStudy {
        panels = List.copyOf(panels);
        overhead = List.copyOf(overhead);
    }

    /** A study with the default resolution. */
    public OverheadStudy(int n, List<Panel> panels, List<Double> overhead, PeriodGrid periods, double responseRatioCap,
                         Source source) {
        this(n, panels, overhead, periods, responseRatioCap, source, DEFAULT_RESOLUTION);
    }

    /** One total utilisation and the bandwidths studied with it. */
    public record Panel(double u, List<Double> alpha) {
        public Panel {
            alpha = List.copyOf(alpha);
        }
    }

    /**
     * Where the response ratios come from; {@link ExperimentRunner#sourceFor} maps each to its
     * {@link ResponseRatioSource}.
     */
    public enum Source {
        /** Worst-case response times by the analysis (thesis Eq. 5 and 6). */
        ANALYSIS,
        /**
         * Largest response times of a worst-case-mode simulation of each rounded task set
         * ({@link SimulatedResponseRatios}): equal to the analysis of the rounded set wherever
         * that is at most 1; much slower.
         */
        SIMULATION;

        /** The name used in experiment files. */
        public String jsonName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    @Override
    public String kind() {
        return "overhead";
    }

    /** Number of (u, α) panels. */
    public int panelCount() {
        return panels.stream().mapToInt(p -> p.alpha().size()).sum();
    }
}
