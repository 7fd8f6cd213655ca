package org.vmsched.experiment;

import java.util.List;
import org.vmsched.analysis.hier.TickTask;
import org.vmsched.model.Scenario;

/**
 * One random system of an acceptance study, as its acceptance tests read it: a scenario (the
 * {@link VcpuSystems} shape) or the seed's VMs as tick tasks (the {@link HierarchySystems} shape,
 * each test choosing its own reservations); exactly one of the two is not null. Immutable.
 *
 * @param simulationHorizon how long the simulation test runs, in the scenario's time unit
 */
public record GeneratedSystem(Scenario scenario, List<List<TickTask>> hierarchy, double simulationHorizon) {

    public GeneratedSystem {
        if ((scenario == null) == (hierarchy == null)) {
            throw new IllegalArgumentException("a generated system is a scenario or a hierarchy, exactly one");
        }
        hierarchy = hierarchy == null ? null : List.copyOf(hierarchy);
    }
}
