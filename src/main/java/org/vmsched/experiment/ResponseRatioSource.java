package org.vmsched.experiment;

import java.util.List;
import org.vmsched.analysis.Bounds;
import org.vmsched.model.Task;

/**
 * Where the overhead study gets max_i Ri/Ti of one task set for one VM server. The analysis is
 * {@link #ANALYSIS}; the simulator is {@link SimulatedResponseRatios} (see {@link OverheadStudy.Source}).
 * Implementations must be thread-safe and deterministic: the runner calls them from several
 * threads and the same arguments must give the same value.
 */
@FunctionalInterface
public interface ResponseRatioSource {

    /**
     * max_i Ri/Ti of the tasks (RM inside the VM) at bandwidth α, overhead X and VM period T,
     * each ratio capped at {@code cap}.
     */
    double maxResponseRatio(List<Task> tasks, double alpha, double overhead, double period, double cap);

    /** The worst-case analysis, {@link org.vmsched.analysis.Bounds#maxResponseRatio}. */
    ResponseRatioSource ANALYSIS = Bounds::maxResponseRatio;
}
