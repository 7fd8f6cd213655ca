package org.vmsched.experiment;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What an acceptance study (or one {@link Shard} of it) found: per utilisation point the systems
 * judged and, per test, how many it accepted. Everything written is a function of these integer
 * counts, so the sum of the shards' counts gives the whole run's files byte for byte. Immutable.
 */
public final class AcceptanceResult implements ExperimentResult {

    /** One (point, test): the share accepted and its 95 % Wilson interval. */
    public record Point(double u, String test, long systems, long accepted) {

        /** accepted / systems, in [0, 1]. */
        public double share() {
            return (double) accepted / systems;
        }

        /** The 95 % Wilson score interval of the share. */
        public WilsonInterval interval() {
            return WilsonInterval.of(accepted, systems);
        }
    }

    private final Experiment experiment;
    private final Shard shard;
    private final long[] systems;
    private final long[][] accepted;

    /**
     * @param systems  per point, the systems judged
     * @param accepted per point, per test of the study, the systems accepted
     */
    public AcceptanceResult(Experiment experiment, Shard shard, long[] systems, long[][] accepted) {
        AcceptanceStudy st = (AcceptanceStudy) experiment.study();
        if (systems.length != st.u().size() || accepted.length != st.u().size()) {
            throw new IllegalArgumentException("counts for " + systems.length + " points, the study has " + st.u().size());
        }
        this.experiment = experiment;
        this.shard = shard;
        this.systems = systems.clone();
        this.accepted = new long[accepted.length][];
        for (int p = 0; p < accepted.length; p++) {
            if (accepted[p].length != st.tests().size()) {
                throw new IllegalArgumentException("counts for " + accepted[p].length + " tests, the study has " + st.tests().size());
            }
            for (long a : accepted[p]) {
                if (a < 0 || a > systems[p]) {
                    throw new IllegalArgumentException("a test accepts " + a + " of " + systems[p] + " systems");
                }
            }
            this.accepted[p] = accepted[p].clone();
        }
    }

    @Override
    public Experiment experiment() {
        return experiment;
    }

    /** The study. */
    public AcceptanceStudy study() {
        return (AcceptanceStudy) experiment.study();
    }

    /** The share of the study these counts cover ({@link Shard#WHOLE} for a whole or merged run). */
    public Shard shard() {
        return shard;
    }

    /** Systems judged at point p. */
    public long systems(int p) {
        return systems[p];
    }

    /** Systems test t accepted at point p. */
    public long accepted(int p, int t) {
        return accepted[p][t];
    }

    /** Every (point, test), points in study order, tests in study order within a point. */
    public List<Point> points() {
        List<Point> out = new ArrayList<>();
        for (int p = 0; p < systems.length; p++) {
            for (int t = 0; t < study().tests().size(); t++) {
                out.add(new Point(study().u().get(p), study().tests().get(t), systems[p], accepted[p][t]));
            }
        }
        return out;
    }

    /**
     * The whole study from its shards 0/n … (n−1)/n, each exactly once, all of this experiment.
     *
     * @throws IllegalArgumentException when a shard is missing, repeated or of another study
     */
    public static AcceptanceResult merge(List<AcceptanceResult> shards) {
        if (shards.isEmpty()) {
            throw new IllegalArgumentException("no shards to merge");
        }
        AcceptanceResult first = shards.get(0);
        int n = first.shard().count();
        boolean[] seen = new boolean[n];
        int points = first.systems.length;
        int tests = first.study().tests().size();
        long[] sys = new long[points];
        long[][] acc = new long[points][tests];
        for (AcceptanceResult r : shards) {
            if (!r.experiment.equals(first.experiment)) {
                throw new IllegalArgumentException("shard " + r.shard + " is of another experiment than shard " + first.shard);
            }
            if (r.shard.count() != n) {
                throw new IllegalArgumentException("shard " + r.shard + " is one of " + r.shard.count() + ", shard "
                        + first.shard + " one of " + n);
            }
            if (seen[r.shard.index()]) {
                throw new IllegalArgumentException("shard " + r.shard + " is given twice");
            }
            seen[r.shard.index()] = true;
            for (int p = 0; p < points; p++) {
                sys[p] += r.systems[p];
                for (int t = 0; t < tests; t++) {
                    acc[p][t] += r.accepted[p][t];
                }
            }
        }
        List<String> missing = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (!seen[i]) {
                missing.add(i + "/" + n);
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("shard" + (missing.size() == 1 ? " " : "s ") + String.join(", ",
                    missing.subList(0, Math.min(10, missing.size()))) + (missing.size() > 10 ? ", …" : "") + " missing");
        }
        return new AcceptanceResult(first.experiment, Shard.WHOLE, sys, acc);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AcceptanceResult r && r.experiment.equals(experiment) && r.shard.equals(shard)
                && Arrays.equals(r.systems, systems) && Arrays.deepEquals(r.accepted, accepted);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(systems) * 31 + Arrays.deepHashCode(accepted);
    }

    @Override
    public String toString() {
        return "AcceptanceResult[" + experiment.name() + ", shard " + shard + ", systems " + Arrays.toString(systems) + "]";
    }
}
