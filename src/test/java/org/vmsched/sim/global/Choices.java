package org.vmsched.sim.global;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.RandomDistribution;

/**
 * A tree of jqwik-generated choices for a {@link Draws} generator: this node's own choices, each a
 * uniform integer in [0, {@link #RANGE}) that jqwik shrinks toward 0, consumed in order, and the
 * trees of its parts (a system's VMs, a VM's tasks), whose number is the node's {@link Draws#count}
 * and which jqwik shrinks by dropping parts. A choice maps to a draw by scaling: {@code below(n)}
 * is {@code choice · n / RANGE}, so a smaller choice is a smaller draw, and a tree of one part per
 * node and all choices 0 is the simplest system. Immutable; {@link #draws()} gives a fresh cursor.
 *
 * @param own   this node's choices, at least as many as the generator draws for the node
 * @param parts the parts' trees, as many as the node's count
 */
record Choices(List<Integer> own, List<Choices> parts) {

    /** The resolution of a choice: a draw's {@code unit()} is a multiple of 1/2^24. */
    static final int RANGE = 1 << 24;

    /** Trees of {@code own} choices per node and 1 to {@code most} parts (uniformly) drawn from {@code part} (none if null). */
    static Arbitrary<Choices> trees(int own, Arbitrary<Choices> part, int most) {
        Arbitrary<List<Integer>> choices = Arbitraries.integers().between(0, RANGE - 1)
                .withDistribution(RandomDistribution.uniform()).list().ofSize(own);
        if (part == null) {
            return choices.map(c -> new Choices(c, List.of()));
        }
        return Combinators.combine(choices, part.list().ofMinSize(1).ofMaxSize(most).withSizeDistribution(RandomDistribution.uniform())).as(Choices::new);
    }

    /** A cursor over this tree, from its first choice. */
    Draws draws() {
        return new Cursor(this);
    }

    /** Consumes a tree in order; a node that runs out of choices is a generator asking for more than the tree holds. */
    private static final class Cursor implements Draws {
        private final Choices tree;
        private final List<Cursor> parts = new ArrayList<>();
        private int next;

        Cursor(Choices tree) {
            this.tree = tree;
        }

        private int choice() {
            if (next == tree.own().size()) {
                throw new IllegalStateException("the generator draws more than the " + tree.own().size() + " choices of a part");
            }
            return tree.own().get(next++);
        }

        @Override
        public int below(int n) {
            return (int) ((long) choice() * n / RANGE);
        }

        @Override
        public double unit() {
            return choice() / (double) RANGE;
        }

        @Override
        public boolean coin() {
            return below(2) == 1;
        }

        @Override
        public boolean oneIn(int n) {
            return below(n) == n - 1;
        }

        @Override
        public int count(int most) {
            int n = tree.parts().size();
            if (n < 1 || n > most) {
                throw new IllegalStateException("a tree of " + n + " parts where the generator counts 1 to " + most);
            }
            return n;
        }

        @Override
        public Draws part(int i) {
            while (parts.size() <= i) {
                parts.add(new Cursor(tree.parts().get(parts.size())));
            }
            return parts.get(i);
        }
    }
}
