package org.vmsched.sim;

import org.vmsched.model.MissPolicy;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.SimulationMode;
import org.vmsched.model.SimulationSettings;

/**
 * How to run one simulation. {@code horizon} is in time units, or null for the default (the
 * scenario's own horizon is not consulted here: use {@link #from}); {@code resolution} is in ticks
 * per time unit, or null to choose the smallest power of ten up to 10^6 that makes every value,
 * the horizon included, an integer (see {@link TimeBase}); {@code traceCap} bounds the number of trace slices and misses
 * kept; {@code trace} false keeps no slices (statistics and misses are still collected).
 * In {@code WORST_CASE} mode every VM runs alone with the fixed supply pattern of THEORY.md §2,
 * so {@code serverPolicy} and all offsets are ignored there. Null mode or policies mean the
 * defaults (synchronous, periodic, continue). {@code maxJobs} is the work budget of a run that
 * cannot be cancelled: the most job releases and replenishments it may simulate (default
 * {@link Simulator#MAX_ARRIVALS}; a longer run is refused up front). Immutable.
 */
public record SimulationOptions(Double horizon, SimulationMode mode, ServerPolicy serverPolicy,
                                MissPolicy missPolicy, Double resolution, int traceCap, boolean trace, long maxJobs) {

    /** Default number of trace slices kept. */
    public static final int DEFAULT_TRACE_CAP = 1_000_000;

    /** Synchronous, periodic servers, late jobs continue, automatic resolution, trace on. */
    public static final SimulationOptions DEFAULT = new SimulationOptions(null, SimulationMode.SYNCHRONOUS,
            ServerPolicy.PERIODIC, MissPolicy.CONTINUE, null, DEFAULT_TRACE_CAP, true);

    public SimulationOptions {
        mode = mode == null ? SimulationMode.SYNCHRONOUS : mode;
        serverPolicy = serverPolicy == null ? ServerPolicy.PERIODIC : serverPolicy;
        missPolicy = missPolicy == null ? MissPolicy.CONTINUE : missPolicy;
        if (traceCap < 0) {
            throw new IllegalArgumentException("traceCap must not be negative, got " + traceCap);
        }
        if (maxJobs < 1) {
            throw new IllegalArgumentException("maxJobs must be at least 1, got " + maxJobs);
        }
    }

    /** As the canonical constructor, with the default work budget {@link Simulator#MAX_ARRIVALS}. */
    public SimulationOptions(Double horizon, SimulationMode mode, ServerPolicy serverPolicy,
                             MissPolicy missPolicy, Double resolution, int traceCap, boolean trace) {
        this(horizon, mode, serverPolicy, missPolicy, resolution, traceCap, trace, Simulator.MAX_ARRIVALS);
    }

    /** The options stored with a scenario, automatic resolution, trace on with the default cap. */
    public static SimulationOptions from(SimulationSettings s) {
        SimulationSettings x = s == null ? SimulationSettings.DEFAULT : s;
        return new SimulationOptions(x.horizon(), x.mode(), x.serverPolicy(), x.missPolicy(), null,
                DEFAULT_TRACE_CAP, true);
    }

    public SimulationOptions withHorizon(Double h) {
        return new SimulationOptions(h, mode, serverPolicy, missPolicy, resolution, traceCap, trace, maxJobs);
    }

    public SimulationOptions withMode(SimulationMode m) {
        return new SimulationOptions(horizon, m, serverPolicy, missPolicy, resolution, traceCap, trace, maxJobs);
    }

    public SimulationOptions withServerPolicy(ServerPolicy p) {
        return new SimulationOptions(horizon, mode, p, missPolicy, resolution, traceCap, trace, maxJobs);
    }

    public SimulationOptions withMissPolicy(MissPolicy p) {
        return new SimulationOptions(horizon, mode, serverPolicy, p, resolution, traceCap, trace, maxJobs);
    }

    public SimulationOptions withResolution(Double r) {
        return new SimulationOptions(horizon, mode, serverPolicy, missPolicy, r, traceCap, trace, maxJobs);
    }

    public SimulationOptions withTrace(boolean on) {
        return new SimulationOptions(horizon, mode, serverPolicy, missPolicy, resolution, traceCap, on, maxJobs);
    }

    public SimulationOptions withTraceCap(int cap) {
        return new SimulationOptions(horizon, mode, serverPolicy, missPolicy, resolution, cap, trace, maxJobs);
    }

    /** The same options with the work budget {@code n} (see {@link #maxJobs}). */
    public SimulationOptions withMaxJobs(long n) {
        return new SimulationOptions(horizon, mode, serverPolicy, missPolicy, resolution, traceCap, trace, n);
    }
}
