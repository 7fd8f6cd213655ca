package org.vmsched.analysis;

import java.math.BigDecimal;

/**
 * The useful supply a server gives its VM's tasks (THEORY.md §2 and §6): period T, budget C,
 * switch overhead X, at most P preemptions (or suspensions) of the VM within one of its periods,
 * and the {@link Kind} of server. All of it reduces to two numbers and the period: the longest
 * window with no useful supply (the blackout B) and the useful supply per period (the chunk Θ).
 * With P = 0 and {@link Kind#PERIODIC} this is exactly the thesis's supply. Times in the
 * scenario's unit. {@code start} is the VM's first replenishment when some of its tasks are
 * released before it (0 otherwise): no supply at all comes before it, which can make the first
 * gap longer than B (THEORY.md §6.1). Immutable and thread-safe.
 */
public record Supply(double period, double budget, double overhead, int preemptions, Kind kind, double start) {

    /** How the VM's budget reaches its tasks, which decides where the blackout can start. */
    public enum Kind {
        /**
         * A periodic server: the budget is consumed whether or not a task is ready, so the first
         * useful unit of a period comes at least X after its start and the last at least
         * C − P·X after it. B = 2(T − C) + (2P + 1)·X, Θ = C − (1 + P)·X.
         */
        PERIODIC,
        /**
         * A deferrable server that nothing on its core can delay (alone there, or of strictly
         * highest priority under RM/FP): it runs as soon as a task is ready and it has budget.
         * The worst window starts when at most X of budget is left. B = T − C + 2X, Θ = C − X.
         */
        DEFERRABLE_UNDELAYED,
        /**
         * A deferrable server that another VM may delay: a window may start just after its
         * period began and get nothing from that period. B = 2T − Θ, Θ = C − (1 + P)·X.
         */
        DEFERRABLE
    }

    public Supply {
        if (preemptions < 0) {
            throw new IllegalArgumentException("preemptions must be >= 0, got " + preemptions);
        }
        if (kind == Kind.DEFERRABLE_UNDELAYED && preemptions != 0) {
            throw new IllegalArgumentException("an undelayed deferrable server is never preempted");
        }
    }

    /** The thesis's periodic server, never preempted (P = 0). */
    public Supply(double period, double budget, double overhead) {
        this(period, budget, overhead, 0, Kind.PERIODIC, 0);
    }

    /** A server that starts with its tasks. */
    public Supply(double period, double budget, double overhead, int preemptions, Kind kind) {
        this(period, budget, overhead, preemptions, kind, 0);
    }

    /** A whole dedicated processor: sbf(t) = t, finv(w) = w. */
    public static Supply dedicated() {
        return new Supply(1, 1, 0);
    }

    /** The periodic server of bandwidth α and period T (budget α·T), never preempted. */
    public static Supply ofBandwidth(double alpha, double period, double overhead) {
        return new Supply(period, alpha * period, overhead);
    }

    /** The same server with another period and budget (same overhead, P and kind). */
    public Supply withServer(double newPeriod, double newBudget) {
        return new Supply(newPeriod, newBudget, overhead, preemptions, kind, start);
    }

    /** Overhead lost per period, (1 + P)·X: C − Θ. */
    public double lostPerPeriod() {
        return kind == Kind.DEFERRABLE_UNDELAYED ? overhead : (1 + preemptions) * overhead;
    }

    /** Useful budget per period Θ: C − (1 + P)·X (C − X when undelayed). */
    public double chunk() {
        return budget - lostPerPeriod();
    }

    /** Longest interval with no useful supply, B (see {@link Kind}). */
    public double blackout() {
        double b = switch (kind) {
            case PERIODIC -> 2 * (period - budget) + (2.0 * preemptions + 1) * overhead;
            case DEFERRABLE_UNDELAYED -> period - budget + 2 * overhead;
            case DEFERRABLE -> 2 * period - chunk();
        };
        return start > 0 ? Math.max(b, start + firstGap()) : b;
    }

    /** From a first replenishment with tasks waiting, the longest wait for useful supply. */
    double firstGap() {
        return kind == Kind.DEFERRABLE_UNDELAYED ? overhead : period - chunk();
    }

    /** Least useful supply in any window of length t: 0 up to B, then Θ per period. */
    public double sbf(double t) {
        double b = blackout();
        if (t <= b) {
            return 0;
        }
        double k = Math.floor((t - b) / period);
        return k * chunk() + Math.min(t - b - k * period, chunk());
    }

    /**
     * The latest time by which w > 0 units of useful supply have surely arrived:
     * B + w + (⌈w / Θ⌉ − 1)·(T − Θ), which for P = 0 and a periodic server is the thesis's Eq. 6,
     * (T − C) + w + ⌈w / (C − X)⌉·(T − C + X). Infinite when Θ ≤ 0.
     */
    public double finv(double w) {
        double chunk = chunk();
        if (chunk <= 0) {
            return Double.POSITIVE_INFINITY;
        }
        return blackout() + w + (Tolerance.ceil(w / chunk) - 1) * (period - chunk);
    }

    /**
     * Θ as an exact decimal, from the decimals T, C and X were written as (THEORY.md §6.5): the
     * exact tests read the supply here, never from the rounded {@link #chunk()}.
     */
    public BigDecimal exactChunk() {
        BigDecimal x = ExactDecimal.of(overhead);
        BigDecimal lost = kind == Kind.DEFERRABLE_UNDELAYED ? x : x.multiply(BigDecimal.valueOf(1L + preemptions));
        return ExactDecimal.of(budget).subtract(lost);
    }

    /** B as an exact decimal (see {@link #exactChunk()} and {@link #blackout()}). */
    public BigDecimal exactBlackout() {
        BigDecimal t = ExactDecimal.of(period);
        BigDecimal c = ExactDecimal.of(budget);
        BigDecimal x = ExactDecimal.of(overhead);
        BigDecimal chunk = exactChunk();
        BigDecimal b = switch (kind) {
            case PERIODIC -> t.subtract(c).multiply(BigDecimal.valueOf(2))
                    .add(x.multiply(BigDecimal.valueOf(2L * preemptions + 1)));
            case DEFERRABLE_UNDELAYED -> t.subtract(c).add(x.multiply(BigDecimal.valueOf(2)));
            case DEFERRABLE -> t.multiply(BigDecimal.valueOf(2)).subtract(chunk);
        };
        if (start > 0) {
            BigDecimal first = ExactDecimal.of(start).add(kind == Kind.DEFERRABLE_UNDELAYED ? x : t.subtract(chunk));
            b = b.max(first);
        }
        return b;
    }

    /** Whether this is the thesis's supply of THEORY.md §2 (periodic, never preempted). */
    public boolean isThesisSupply() {
        return kind == Kind.PERIODIC && preemptions == 0 && start == 0;
    }
}
