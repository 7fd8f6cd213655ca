package org.vmsched.experiment;

import java.util.Objects;

/**
 * One study as read from an experiment file: the generator, the study's grid and settings, how
 * many task sets per cell and the master seed. The same experiment always gives the same
 * results. Immutable; fields never null ({@code description} may be empty). Construction does
 * not validate: {@link ExperimentValidator} does, with JSON paths.
 *
 * @param sets number of random task sets per (n, u) cell
 */
public record Experiment(int schemaVersion, String name, String description, long seed, int sets,
                         TaskSetGenerator generator, Study study) {

    /** The only experiment-file version so far. */
    public static final int SCHEMA_VERSION = 1;

    public Experiment {
        description = description == null ? "" : description;
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(generator, "generator");
        Objects.requireNonNull(study, "study");
    }

    /** The same experiment with another master seed. */
    public Experiment withSeed(long newSeed) {
        return new Experiment(schemaVersion, name, description, newSeed, sets, generator, study);
    }

    /** The same experiment with another number of task sets per cell. */
    public Experiment withSets(int newSets) {
        return new Experiment(schemaVersion, name, description, seed, newSets, generator, study);
    }
}
