package org.vmsched.experiment;

import java.util.ArrayList;
import java.util.List;
import org.vmsched.analysis.hier.CbsFp;
import org.vmsched.analysis.hier.CbsReservation;
import org.vmsched.analysis.hier.CbsVm;
import org.vmsched.analysis.hier.FpFp;
import org.vmsched.analysis.hier.FpVm;
import org.vmsched.analysis.hier.ReservationSupply;
import org.vmsched.analysis.hier.TickTask;

/**
 * The seed's worked two-VM example (hierarchical-reservations paper, Section 5; THEORY.md
 * §11.7): VMa = {(30, 150), (50, 200)} ms at reservation period 50 ms, VMb = {(30, 120),
 * (40, 240)} ms at 120 ms, RM inside, all offsets 0. For each VM and overhead X, the least
 * budget each analysis asks for: a hard CBS (fresh at every release, since its period divides
 * the task periods), the same CBS had its releases any phase, and a periodic server on a fixed
 * grid (VMSched's analysis of THEORY.md §6.1, the supply of {@code analyze} and {@code budget}). Preemptions
 * with overhead are those the other VM causes at the seed's reservations (28, 50) and (52, 120).
 * Times in microseconds. Stateless.
 */
public final class TwoVmExample {

    private TwoVmExample() {
    }

    /** Microseconds per millisecond. */
    public static final long MS = 1000;

    public static final List<TickTask> VMA = List.of(TickTask.of(30 * MS, 150 * MS), TickTask.of(50 * MS, 200 * MS));
    public static final List<TickTask> VMB = List.of(TickTask.of(30 * MS, 120 * MS), TickTask.of(40 * MS, 240 * MS));
    public static final long PERIOD_A = 50 * MS;
    public static final long PERIOD_B = 120 * MS;
    /** What the seed says: 27 ms suffices for VMa (28 used, for overhead); 52 ms is reserved for VMb. */
    public static final long SEED_A = 27 * MS;
    public static final long SEED_A_USED = 28 * MS;
    public static final long SEED_B = 52 * MS;

    /** One VM at one overhead: the least budget (µs; −1 none) under each analysis and the preemptions counted. */
    public record Row(String vm, long period, long overhead, long cbsPreemptions, long cbsAligned, long cbsAnyPhase,
                      long periodicPreemptions, long periodicServer) {
    }

    /** The rows for VMa and VMb at each overhead, and whether the pair also fits under FP/FP. */
    public record Result(List<Row> rows, boolean fpFpEitherOrder) {
    }

    /** The table for these overheads (µs). */
    public static Result run(long... overheads) {
        List<Row> rows = new ArrayList<>();
        for (long x : overheads) {
            CbsVm a = new CbsVm("VMa", CbsReservation.of(SEED_A_USED, PERIOD_A, x), VMA);
            CbsVm b = new CbsVm("VMb", CbsReservation.of(SEED_B, PERIOD_B, x), VMB);
            List<CbsVm> both = List.of(a, b);
            rows.add(row(a, both, x, periodicPreemptions(PERIOD_A, PERIOD_B, x)));
            rows.add(row(b, both, x, periodicPreemptions(PERIOD_B, PERIOD_A, x)));
        }
        boolean fp = FpFp.optimalOrder(List.of(new FpVm("VMa", 0, VMA, 0), new FpVm("VMb", 1, VMB, 0))) != null;
        return new Result(List.copyOf(rows), fp);
    }

    private static Row row(CbsVm vm, List<CbsVm> both, long x, long periodicN) {
        long p = vm.reservation().period();
        long n = CbsFp.preemptions(vm, both);
        long aligned = CbsFp.minBudget(vm.tasks(), p, p, x, n, CbsFp.Phase.ALIGNED);
        long any = CbsFp.minBudget(vm.tasks(), p, p, x, n, CbsFp.Phase.ANY);
        long periodic = periodicServerMinBudget(vm.tasks(), p, x, periodicN);
        return new Row(vm.name(), p, x, n, aligned, any, periodicN, periodic);
    }

    /**
     * The least budget (µs; −1 none) of a periodic server of period T with overhead X and N
     * preemptions per period (THEORY.md §6.1): useful chunk C − (1 + N)·X after a blackout of
     * 2(T − C) + (2N + 1)·X. For N ≥ 1 this is the CBS's any-phase supply; at N = 0 the CBS's
     * blackout keeps one X more (a wake-up may pay X again), which a periodic server does not.
     */
    static long periodicServerMinBudget(List<TickTask> tasks, long period, long x, long n) {
        if (!periodicServer(period, period, x, n).schedulable(tasks)) {
            return -1;
        }
        long lo = 0; // fails
        long hi = period; // passes
        while (hi - lo > 1) {
            long mid = lo + (hi - lo) / 2;
            if (periodicServer(mid, period, x, n).schedulable(tasks)) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return hi;
    }

    private static ReservationSupply periodicServer(long budget, long period, long x, long n) {
        long chunk = budget - (1 + n) * x;
        if (chunk <= 0) {
            return new ReservationSupply(period, 0, 0);
        }
        return new ReservationSupply(period, chunk, 2 * (period - budget) + (2 * n + 1) * x);
    }

    /**
     * Preemptions of a periodic server of period T by a periodic neighbour of period Tj under EDF
     * (THEORY.md §6.1): ⌈(T − Tj)/Tj⌉ if Tj &lt; T; none without overhead.
     */
    static long periodicPreemptions(long t, long tj, long x) {
        if (x == 0 || tj >= t) {
            return 0;
        }
        return (t - tj + tj - 1) / tj;
    }
}
