package org.vmsched.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The event queue keeps its heap invariant and pops in (time, kind priority, FIFO) order. */
class EventQueueTest {

    private record Ev(long time, int kind, int index, long seq) {
    }

    @Test
    void popsInTimeThenKindPriorityThenInsertionOrderAndKeepsTheHeapAfterEveryPushPopAndReplace() {
        Random rnd = new Random(42);
        EventQueue q = new EventQueue();
        // The reference model is a sorted set in the documented order (seq makes every event
        // distinct); it was a list sorted again before every look at its head, whose copying and
        // sorting of up to 5,000 events cost most of this test's time.
        Comparator<Ev> order = Comparator.comparingLong(Ev::time)
                .thenComparingInt(e -> EventQueue.priority(e.kind())).thenComparingLong(Ev::seq);
        TreeSet<Ev> model = new TreeSet<>(order);
        long seq = 0;
        for (int step = 0; step < 20_000; step++) {
            if (!model.isEmpty() && rnd.nextInt(4) == 0) {
                Ev top = model.pollFirst();
                assertEquals(top.time(), q.peekTime());
                Ev e = new Ev(top.time() + rnd.nextInt(10), rnd.nextInt(3), rnd.nextInt(1000), seq++);
                q.replaceTop(e.time(), e.kind(), e.index());
                model.add(e);
            } else if (model.isEmpty() || rnd.nextInt(3) > 0) {
                Ev e = new Ev(rnd.nextInt(50), rnd.nextInt(3), rnd.nextInt(1000), seq++);
                q.push(e.time(), e.kind(), e.index());
                model.add(e);
            } else {
                Ev expected = model.pollFirst();
                assertEquals(expected.time(), q.peekTime());
                assertEquals(expected.kind(), q.peekKind());
                assertEquals(expected.index(), q.peekIndex());
                q.pop();
            }
            q.verify();
            assertEquals(model.size(), q.size());
        }
    }

    @Test
    void deadlineChecksComeAfterReleasesAndReplenishmentsOfTheSameInstant() {
        EventQueue q = new EventQueue();
        q.push(5, EventQueue.DEADLINE, 1);
        q.push(5, EventQueue.RELEASE, 2);
        q.push(5, EventQueue.REPLENISH, 3);
        q.push(4, EventQueue.DEADLINE, 4);
        int[] kinds = new int[4];
        int[] idx = new int[4];
        for (int i = 0; i < 4; i++) {
            kinds[i] = q.peekKind();
            idx[i] = q.peekIndex();
            q.pop();
        }
        assertEquals(List.of(4, 2, 3, 1), List.of(idx[0], idx[1], idx[2], idx[3]));
        assertTrue(q.isEmpty());
    }

    @Test
    void indexOutOfRangeIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new EventQueue().push(0, EventQueue.RELEASE, -1));
    }
}
