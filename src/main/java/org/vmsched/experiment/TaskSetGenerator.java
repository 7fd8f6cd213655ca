package org.vmsched.experiment;

import java.util.List;
import org.apache.commons.math3.random.RandomGenerator;
import org.vmsched.model.Task;

/**
 * A random task-set generator of an experiment: n periodic tasks (deadline = period unless the
 * generator draws constrained deadlines, no offset) whose utilisations sum to u. Implementations are immutable and thread-safe; all randomness
 * comes from the generator passed in, so the same stream gives the same set on any machine
 * (they use only IEEE arithmetic and {@link StrictMath}).
 */
public sealed interface TaskSetGenerator permits ThesisGenerator, UUniFast, MultiprocessorTaskSets {

    /** n tasks named t1..tn, total utilisation u (up to rounding), drawn from {@code rng}. */
    List<Task> generate(int n, double u, RandomGenerator rng);

    /** Shortest possible period. */
    double periodMin();

    /** Longest possible period. */
    double periodMax();
}
