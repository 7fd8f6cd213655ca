package org.vmsched.model;

/**
 * Simulation settings stored with a scenario. {@code horizon} is in time units, or null for the
 * default (the hyperperiod of every task and VM, capped by the simulator).
 */
public record SimulationSettings(Double horizon, SimulationMode mode, ServerPolicy serverPolicy,
                                 MissPolicy missPolicy) {

    public static final SimulationSettings DEFAULT =
            new SimulationSettings(null, SimulationMode.SYNCHRONOUS, ServerPolicy.PERIODIC, MissPolicy.CONTINUE);

    public SimulationSettings withHorizon(Double h) {
        return new SimulationSettings(h, mode, serverPolicy, missPolicy);
    }

    public SimulationSettings withServerPolicy(ServerPolicy p) {
        return new SimulationSettings(horizon, mode, p, missPolicy);
    }

    public SimulationSettings withMode(SimulationMode m) {
        return new SimulationSettings(horizon, m, serverPolicy, missPolicy);
    }
}
