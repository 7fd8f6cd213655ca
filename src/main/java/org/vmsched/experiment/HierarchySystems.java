package org.vmsched.experiment;

import java.util.List;

/**
 * The seed's systems (THEORY.md §11.6) as an acceptance study's shape: on one core, a number of
 * VMs uniform in [minVms, maxVms], the utilisation split among them by UUniFast and each VM's
 * share among a number of tasks uniform in [minTasks, maxTasks]; periods whole milliseconds
 * uniform in the generator's [periodMin, periodMax], microsecond ticks. Exactly the systems of
 * {@link HierarchyComparison#generate} (and of {@code vmsched reproduce cbs-fpfp}) for the same
 * seed, u and index; the acceptance tests choose the reservations. Immutable and thread-safe.
 */
public record HierarchySystems(int minVms, int maxVms, int minTasks, int maxTasks) implements SystemShape {

    @Override
    public String kind() {
        return "hierarchy";
    }

    @Override
    public GeneratedSystem generate(Experiment e, double u, int index) {
        return new GeneratedSystem(null, HierarchyComparison.generate(params(e), u, index), 0);
    }

    /** The comparison's parameters for this experiment (no overhead; the reproduction's 4 reservation periods). */
    HierarchyComparison.Params params(Experiment e) {
        return new HierarchyComparison.Params(e.seed(), e.sets(), List.of(0.5), minVms, maxVms, minTasks, maxTasks,
                (int) e.generator().periodMin(), (int) e.generator().periodMax(), HierarchyComparison.Params.defaults().periodDivisors(), 0);
    }
}
