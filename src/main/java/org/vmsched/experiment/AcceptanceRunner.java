package org.vmsched.experiment;

import java.util.ArrayList;
import java.util.List;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;

/**
 * Runs an acceptance study, or one shard of it (THEORY.md §16.3), on an {@link ExperimentRunner}'s
 * threads. System j of point p has the global index g = p·sets + j and its own random stream
 * ({@link SystemShape#generate}); a unit of work is one system, whose accepted tests land in its
 * slot, and the counts are summed after all work is done. So the counts depend only on the
 * experiment and the shard, and the counts of the shards add up to the whole run's. Stateless.
 */
public final class AcceptanceRunner {

    private AcceptanceRunner() {
    }

    /**
     * Validates and runs the share {@code shard} of the study.
     *
     * @throws InvalidExperimentException when {@link ExperimentValidator} finds a problem
     * @throws CancelledException         when {@code cancel} was set before the end
     */
    public static AcceptanceResult run(ExperimentRunner runner, Experiment e, Shard shard, Progress progress,
                                       Cancellation cancel) throws InvalidExperimentException, CancelledException {
        ExperimentValidator.check("", e);
        AcceptanceStudy st = (AcceptanceStudy) e.study();
        List<AcceptanceTests.AcceptanceTest> tests = new ArrayList<>();
        for (String name : st.tests()) {
            tests.add(AcceptanceTests.byName(name));
        }
        int sets = e.sets();
        long total = st.systems(sets);
        int units = (int) shard.size(total);
        long[] bits = new long[units];
        runner.parallel(units, progress, cancel, unit -> {
            long g = shard.index() + (long) unit * shard.count();
            double u = st.u().get((int) (g / sets));
            GeneratedSystem system = st.shape().generate(e, u, (int) (g % sets));
            long accepted = 0;
            for (int t = 0; t < tests.size(); t++) {
                if (cancel.isCancelled()) {
                    throw new CancelledException();
                }
                if (tests.get(t).accepts().test(system)) {
                    accepted |= 1L << t;
                }
            }
            bits[unit] = accepted;
        });
        long[] systems = new long[st.u().size()];
        long[][] accepted = new long[st.u().size()][tests.size()];
        for (int unit = 0; unit < units; unit++) {
            int p = (int) ((shard.index() + (long) unit * shard.count()) / sets);
            systems[p]++;
            for (int t = 0; t < tests.size(); t++) {
                accepted[p][t] += (bits[unit] >>> t) & 1;
            }
        }
        return new AcceptanceResult(e, shard, systems, accepted);
    }
}
