package org.vmsched.experiment;

/**
 * One deterministic share of an acceptance study (THEORY.md §16.3): the systems whose global
 * index (point × sets + index) is ≡ {@code index} mod {@code count}. The parts 0/n … (n−1)/n
 * are disjoint and cover the study, and each is computed without the others. Immutable.
 *
 * @param index 0 ≤ index < count
 * @param count 1 ≤ count ≤ {@link #MAX_COUNT}
 */
public record Shard(int index, int count) {

    /** The whole study. */
    public static final Shard WHOLE = new Shard(0, 1);

    /** Most shards of one study. */
    public static final int MAX_COUNT = 1_000_000;

    public Shard {
        if (count < 1 || count > MAX_COUNT || index < 0 || index >= count) {
            throw new IllegalArgumentException("a shard is i/n with 0 <= i < n <= " + MAX_COUNT + ", got " + index + "/" + count);
        }
    }

    /** Whether the system of global index {@code g} is in this share. */
    public boolean holds(long g) {
        return g % count == index;
    }

    /** How many of the global indices 0 … total−1 this share holds. */
    public long size(long total) {
        return total <= index ? 0 : (total - 1 - index) / count + 1;
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }
}
