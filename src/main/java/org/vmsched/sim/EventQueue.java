package org.vmsched.sim;

import java.util.Arrays;

/**
 * The simulator's pending timed events, a binary min-heap on parallel primitive arrays (no
 * allocation per event). Order: time, then kind priority ({@link #RELEASE} and
 * {@link #REPLENISH} before {@link #DEADLINE}), then FIFO by insertion. Completions, ends of
 * overhead and budget exhaustions are not queued: the engine derives them from each core's
 * state and handles them before any queued event of the same instant. Not thread-safe.
 */
final class EventQueue {

    static final int RELEASE = 0;
    static final int REPLENISH = 1;
    static final int DEADLINE = 2;
    /** A {@link HypervisorScheduler}'s timer; ordered with releases (FIFO). */
    static final int TIMER = 3;

    private static final int KIND_SHIFT = 28;
    private static final int INDEX_MASK = (1 << KIND_SHIFT) - 1;

    private long[] time = new long[64];
    /** (kind priority << 56) | insertion sequence: the tie order after time. */
    private long[] order = new long[64];
    /** (kind << 28) | index. */
    private int[] payload = new int[64];
    private int size;
    private long seq;

    static int priority(int kind) {
        return kind == DEADLINE ? 1 : 0;
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    void push(long t, int kind, int index) {
        if (index < 0 || index > INDEX_MASK) {
            throw new IllegalArgumentException("event index out of range: " + index);
        }
        if (size == time.length) {
            time = Arrays.copyOf(time, size * 2);
            order = Arrays.copyOf(order, size * 2);
            payload = Arrays.copyOf(payload, size * 2);
        }
        long o = ((long) priority(kind) << 56) | (seq++ & ((1L << 56) - 1));
        int p = (kind << KIND_SHIFT) | index;
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!less(t, o, time[parent], order[parent])) {
                break;
            }
            time[i] = time[parent];
            order[i] = order[parent];
            payload[i] = payload[parent];
            i = parent;
        }
        time[i] = t;
        order[i] = o;
        payload[i] = p;
    }

    long peekTime() {
        return time[0];
    }

    int peekKind() {
        return payload[0] >>> KIND_SHIFT;
    }

    int peekIndex() {
        return payload[0] & INDEX_MASK;
    }

    /** Removes the first event. */
    void pop() {
        int n = --size;
        if (n == 0) {
            return;
        }
        siftDown(time[n], order[n], payload[n], n);
    }

    /**
     * Removes the first event and adds another in one step (a periodic event rescheduling
     * itself); same order as {@link #pop()} then {@link #push}.
     */
    void replaceTop(long t, int kind, int index) {
        if (index < 0 || index > INDEX_MASK) {
            throw new IllegalArgumentException("event index out of range: " + index);
        }
        long o = ((long) priority(kind) << 56) | (seq++ & ((1L << 56) - 1));
        siftDown(t, o, (kind << KIND_SHIFT) | index, size);
    }

    private void siftDown(long t, long o, int p, int n) {
        int i = 0;
        while (true) {
            int child = 2 * i + 1;
            if (child >= n) {
                break;
            }
            if (child + 1 < n && less(time[child + 1], order[child + 1], time[child], order[child])) {
                child++;
            }
            if (!less(time[child], order[child], t, o)) {
                break;
            }
            time[i] = time[child];
            order[i] = order[child];
            payload[i] = payload[child];
            i = child;
        }
        time[i] = t;
        order[i] = o;
        payload[i] = p;
    }

    private static boolean less(long t1, long o1, long t2, long o2) {
        return t1 < t2 || (t1 == t2 && o1 < o2);
    }

    /** Checks the heap property; throws {@link IllegalStateException} when it is broken. */
    void verify() {
        for (int i = 1; i < size; i++) {
            int parent = (i - 1) >>> 1;
            if (less(time[i], order[i], time[parent], order[parent])) {
                throw new IllegalStateException("heap order broken at " + i + ": (" + time[i] + ", " + order[i]
                        + ") before its parent (" + time[parent] + ", " + order[parent] + ")");
            }
        }
    }
}
