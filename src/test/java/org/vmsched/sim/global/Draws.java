package org.vmsched.sim.global;

import java.util.Random;

/**
 * The choices a random global EDF system is drawn from ({@link GlobalSystems#system(Draws)}): a
 * seeded {@link Random} ({@link #of(Random)}), making exactly the calls the seeded generator always
 * made, so the recorded digests and the seeded populations stay as they were; or jqwik's tree of
 * choices ({@link Choices}), each shrinking toward the simplest answer. Not thread-safe: a source
 * is consumed in order by one generator.
 */
interface Draws {

    /** A uniform integer in [0, {@code n}) ({@code Random.nextInt(n)}); shrinks toward 0. */
    int below(int n);

    /** A uniform number in [0, 1) ({@code Random.nextDouble()}); shrinks toward 0. */
    double unit();

    /** A fair coin ({@code Random.nextBoolean()}); shrinks toward false. */
    boolean coin();

    /** True with probability 1/{@code n} ({@code Random.nextInt(n) == 0}); shrinks toward false. */
    boolean oneIn(int n);

    /**
     * How many parts (VMs of a system, tasks of a VM), 1 to {@code most}: {@code 1 + Random.nextInt(most)};
     * in a tree, the number of its parts, which jqwik shrinks by dropping parts.
     */
    int count(int most);

    /**
     * The choices of part {@code i} (a VM of a system, a task of a VM), the same source each time it
     * is asked: a seeded {@link Random} is one stream, so its parts are itself; a tree keeps each part's
     * choices apart, so that a part dropped while shrinking does not shift the next one's.
     */
    Draws part(int i);

    /** The draws of {@code rnd}, one call of it each. */
    static Draws of(Random rnd) {
        return new Seeded(rnd);
    }

    /** A seeded stream: each draw is the one call of {@link Random} its javadoc names. */
    record Seeded(Random rnd) implements Draws {

        @Override
        public int below(int n) {
            return rnd.nextInt(n);
        }

        @Override
        public double unit() {
            return rnd.nextDouble();
        }

        @Override
        public boolean coin() {
            return rnd.nextBoolean();
        }

        @Override
        public boolean oneIn(int n) {
            return rnd.nextInt(n) == 0;
        }

        @Override
        public int count(int most) {
            return 1 + rnd.nextInt(most);
        }

        @Override
        public Draws part(int i) {
            return this;
        }
    }
}
