package org.vmsched.design;

import java.util.List;
import org.vmsched.analysis.GoodPeriods;
import org.vmsched.analysis.Interval;
import org.vmsched.analysis.Supply;
import org.vmsched.analysis.VmSupply;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.VirtualMachine;

/** The periodic and the deferrable server of the analysis (THEORY.md §2, §6.1), through {@link VmSupply}. */
public enum ReservationServer implements ServerModel {
    PERIODIC(ServerPolicy.PERIODIC),
    DEFERRABLE(ServerPolicy.DEFERRABLE);

    private final ServerPolicy policy;

    ReservationServer(ServerPolicy policy) {
        this.policy = policy;
    }

    /** The server of the scenario's own server policy. */
    public static ReservationServer of(Scenario scenario) {
        return scenario.simulation().serverPolicy() == ServerPolicy.DEFERRABLE ? DEFERRABLE : PERIODIC;
    }

    @Override
    public String kindName() {
        return policy.jsonName();
    }

    @Override
    public Supply shape(Scenario scenario, VirtualMachine vm, double period) {
        return VmSupply.at(apply(scenario), vm, period, period);
    }

    @Override
    public List<Interval> goodPeriods(Scenario scenario, VirtualMachine vm, GoodPeriods gp, double alpha,
                                      double minPeriod, double maxPeriod) {
        return VmSupply.goodPeriods(apply(scenario), vm, gp, alpha, minPeriod, maxPeriod);
    }

    @Override
    public List<Interval> goodPeriods(Scenario scenario, VirtualMachine vm, GoodPeriods gp, double alpha,
                                      double minPeriod, double maxPeriod, int limit) {
        return VmSupply.goodPeriods(apply(scenario), vm, gp, alpha, minPeriod, maxPeriod, limit);
    }

    @Override
    public boolean anyGood(Scenario scenario, VirtualMachine vm, GoodPeriods gp, double alpha, double minPeriod,
                           double maxPeriod, double grid) {
        return VmSupply.anyGood(apply(scenario), vm, gp, alpha, minPeriod, maxPeriod, grid);
    }

    @Override
    public Scenario apply(Scenario scenario) {
        return scenario.simulation().serverPolicy() == policy ? scenario
                : scenario.withSimulation(scenario.simulation().withServerPolicy(policy));
    }
}
