package org.vmsched.linux;

import org.vmsched.analysis.Supply;
import org.vmsched.analysis.VmSupply;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * The supply one VM's threads received in a trace, as the least over all windows of each of
 * {@link #LENGTHS} lengths in which the VM had a job ready throughout (THEORY.md §17.4: the
 * measured counterpart of sbf, which also holds only while the VM has work), and the CPU time its
 * periodic jobs used in each period from the start (periods aligned to the first event measured: the
 * kernel's own period timer has a phase the trace does not show, so a period may hold up to twice the
 * budget; start-ups left out: THEORY.md §17.4). Streaming: the worst window of a length
 * starts where the VM stops running while ready, or where it becomes ready, so only those instants
 * are kept, for at most the longest length ({@link #MAX_PENDING} of them). Not thread-safe.
 */
public final class VmSupplyWindows {

    /** Window lengths measured, evenly spaced up to the longer of twice the VM period and its longest deadline. */
    public static final int LENGTHS = 32;

    /** Window starts kept at once; more (a VM switched thousands of times within one window) are not started. */
    public static final int MAX_PENDING = 1 << 16;

    /** A measured supply curve beside the model's: lengths, least supply (NaN where no window was seen), windows seen, sbf; scenario units. */
    public record Curve(double[] lengths, double[] least, long[] windows, double[] sbf, long dropped) {
    }

    private final double unitNs;
    private final long[] lengths = new long[LENGTHS];
    private final long[] least = new long[LENGTHS];
    private final long[] count = new long[LENGTHS];
    private final long[] next = new long[LENGTHS];
    private final long[] startAt = new long[MAX_PENDING];
    private final long[] startSupply = new long[MAX_PENDING];
    private final Supply model;
    private final long periodNs;
    private long head;
    private long tail;
    private long dropped;
    private long supplied;
    private long lastT = Long.MIN_VALUE;
    private long origin = Long.MIN_VALUE;
    private boolean backlogged;
    private int wasRunning;
    private long bucket;
    private long bucketUsed;
    private long periods;
    private long maxUsed;
    private long sumUsed;

    /** For {@code vm} of {@code s}, one time unit being {@code unitNs} nanoseconds. */
    public VmSupplyWindows(Scenario s, VirtualMachine vm, double unitNs) {
        this.unitNs = unitNs;
        double longest = 2 * vm.period();
        for (Task t : vm.tasks()) {
            longest = Math.max(longest, t.deadline());
        }
        for (int k = 0; k < LENGTHS; k++) {
            lengths[k] = Math.max(1, Math.round(longest * unitNs * (k + 1) / LENGTHS));
            least[k] = Long.MAX_VALUE;
        }
        Supply m;
        try {
            m = VmSupply.of(s, vm);
        } catch (RuntimeException e) {
            m = null; // a policy without a periodic-server supply: no sbf beside the measurement
        }
        this.model = m;
        this.periodNs = Math.max(1, Math.round(vm.period() * unitNs));
    }

    /** Measuring starts at {@code ns} (the first event, or --from). */
    public void start(long ns) {
        origin = ns;
        lastT = ns;
    }

    /**
     * Time passes to {@code t} with {@code running} of the VM's threads on a CPU since the last call, {@code budgeted}
     * of them in a periodic job (not in their start-up): only those count in the CPU time per period.
     */
    public void advance(long t, int running, int budgeted) {
        if (lastT == Long.MIN_VALUE || t <= lastT) {
            return;
        }
        int rate = Math.max(0, running);
        for (int k = 0; k < LENGTHS; k++) {
            long n = next[k];
            while (n < tail && startAt[(int) (n % MAX_PENDING)] + lengths[k] <= t) {
                int i = (int) (n % MAX_PENDING);
                long end = startAt[i] + lengths[k];
                long s = supplied + rate * (end - lastT) - startSupply[i];
                least[k] = Math.min(least[k], s);
                count[k]++;
                n++;
            }
            next[k] = n;
        }
        head = Math.max(head, next[LENGTHS - 1]);
        budget(t, Math.max(0, budgeted));
        supplied += rate * (t - lastT);
        lastT = t;
    }

    private void budget(long t, int rate) {
        long from = lastT;
        while (from < t) {
            long b = (from - origin) / periodNs;
            while (bucket < b) {
                close();
                bucket++;
            }
            long end = Math.min(t, origin + (b + 1) * periodNs);
            bucketUsed += rate * (end - from);
            from = end;
        }
    }

    private void close() {
        periods++;
        maxUsed = Math.max(maxUsed, bucketUsed);
        sumUsed += bucketUsed;
        bucketUsed = 0;
    }

    /** The VM's state after the events at {@code now}: its threads on a CPU, and whether one has a job ready. */
    public void state(long now, int running, boolean ready) {
        if (lastT == Long.MIN_VALUE || now < origin) {
            backlogged = ready;
            wasRunning = running;
            return;
        }
        if (backlogged && !ready) {
            drop();
        } else if (ready && (!backlogged || wasRunning > 0 && running == 0)) {
            add(now);
        }
        backlogged = ready;
        wasRunning = running;
    }

    /** Nothing is known from here on (lost events): pending windows are dropped. */
    public void reset() {
        drop();
        backlogged = false;
        wasRunning = 0;
    }

    private void add(long now) {
        if (tail - head >= MAX_PENDING) {
            dropped++;
            return;
        }
        int i = (int) (tail % MAX_PENDING);
        startAt[i] = now;
        startSupply[i] = supplied;
        tail++;
    }

    private void drop() {
        head = tail;
        for (int k = 0; k < LENGTHS; k++) {
            next[k] = tail;
        }
    }

    /** Whole periods measured. */
    public long periods() {
        return periods;
    }

    /** Most CPU time the periodic jobs used in one whole period, in time units (0 when none ended). */
    public double maxPerPeriod() {
        return maxUsed / unitNs;
    }

    /** Mean CPU time of the periodic jobs per whole period, in time units (NaN when none ended). */
    public double meanPerPeriod() {
        return periods == 0 ? Double.NaN : sumUsed / (double) periods / unitNs;
    }

    /** The curve so far. */
    public Curve curve() {
        double[] l = new double[LENGTHS];
        double[] m = new double[LENGTHS];
        double[] sbf = new double[LENGTHS];
        for (int k = 0; k < LENGTHS; k++) {
            l[k] = lengths[k] / unitNs;
            m[k] = count[k] == 0 ? Double.NaN : least[k] / unitNs;
            sbf[k] = model == null ? Double.NaN : model.sbf(l[k]);
        }
        return new Curve(l, m, count.clone(), sbf, dropped);
    }
}
