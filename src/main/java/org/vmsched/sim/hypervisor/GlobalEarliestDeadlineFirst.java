package org.vmsched.sim.hypervisor;

import java.util.Arrays;
import java.util.function.ToDoubleFunction;
import org.vmsched.model.Scenario;
import org.vmsched.sim.Decision;
import org.vmsched.sim.HypervisorScheduler;
import org.vmsched.sim.SchedulerContext;
import org.vmsched.sim.server.DeferrableServer;
import org.vmsched.sim.server.ServerRule;

/**
 * Global EDF over virtual CPUs (Xen RTDS; THEORY.md §15.12) on the simulator's kernel. Each
 * virtual CPU is a server with its VM's period and budget, replenished by its {@link ServerRule}
 * (periodic or deferrable), its deadline the end of its period. At each instant the kernel handles,
 * the first core asked gets the whole plan: the {@code cores} eligible virtual CPUs of earliest
 * deadline run (ties to the VM listed first, then to one already running, then to the lower
 * virtual CPU); a running one keeps its core, a dispatched one takes the core it last ran on when
 * free, else the lowest free core. Every core's {@link Decision} then reads the plan. A virtual CPU
 * is eligible with budget left and, under deferrable servers, while its VM has more ready jobs
 * than virtual CPUs picked before it. Which jobs run on the chosen virtual CPUs is the guest's
 * (the kernel's {@code GlobalGuest}). A dispatch on another core than the server's last (a
 * migration; not its first dispatch) pays the VM's X plus the scenario's migration cost, charged
 * through {@link SchedulerContext#chargeOverhead}. One instance per run; not thread-safe.
 */
public final class GlobalEarliestDeadlineFirst implements HypervisorScheduler {

    /** The scenario's migration cost in scenario units; null: none. */
    private final ToDoubleFunction<Scenario> migrationCost;
    /** Per server: what a migration costs it, X + the migration cost, in ticks (0: no migration cost). */
    private long[] migrationCharge;

    /** Migrations cost X, as any dispatch. */
    public GlobalEarliestDeadlineFirst() {
        this(null);
    }

    /** Migrations cost X plus {@code migrationCost} of the run's scenario (null: nothing more). */
    public GlobalEarliestDeadlineFirst(ToDoubleFunction<Scenario> migrationCost) {
        this.migrationCost = migrationCost;
    }

    private SchedulerContext ctx;
    private ServerRule rule;
    private boolean deferrable;
    private int cores;
    private int servers;
    private long[] deadline;
    private long[] period;
    /** Per server: the core it last ran on, −1 before its first dispatch. */
    private int[] lastCore;
    private boolean[] selected;
    /** Per server, read once per plan: its VM, whether it may run (budget, rule), whether it runs now. */
    private int[] vmOf;
    private boolean[] eligible;
    private boolean[] runs;
    private int[] picked;
    private int[] pickedOfVm;
    /** Per core: the server the plan puts there (−1: idle). */
    private int[] plan;
    private long planned = -1;

    @Override
    public void start(SchedulerContext c) {
        ctx = c;
        cores = c.laneCount();
        servers = c.serverCount();
        deadline = new long[servers];
        period = new long[servers];
        for (int i = 0; i < servers; i++) {
            period[i] = c.ticks(c.vm(c.vmOf(i)).period());
        }
        lastCore = new int[servers];
        Arrays.fill(lastCore, -1);
        selected = new boolean[servers];
        vmOf = new int[servers];
        for (int i = 0; i < servers; i++) {
            vmOf[i] = c.vmOf(i);
        }
        eligible = new boolean[servers];
        runs = new boolean[servers];
        picked = new int[cores];
        pickedOfVm = new int[c.vmCount()];
        plan = new int[cores];
        rule = ServerRule.of(c.options());
        deferrable = rule instanceof DeferrableServer;
        rule.start(c);
        long m = migrationCost == null ? 0 : c.ticks(migrationCost.applyAsDouble(c.scenario()));
        migrationCharge = new long[servers];
        for (int i = 0; i < servers && m > 0; i++) {
            migrationCharge[i] = c.ticks(c.vm(vmOf[i]).overhead()) + m;
        }
    }

    @Override
    public long onReplenish(int i, long t) {
        deadline[i] = t + period[i];
        return rule.replenish(i, t);
    }

    @Override
    public long decide(int lane, long t) {
        if (planned != t) {
            planned = t;
            place(select());
        }
        return Decision.run(plan[lane], lane);
    }

    /** Marks the virtual CPUs that run from now, in EDF order into {@link #picked}; returns how many. */
    private int select() {
        Arrays.fill(selected, false);
        Arrays.fill(pickedOfVm, 0);
        for (int i = 0; i < servers; i++) {
            eligible[i] = rule.eligible(i);
            runs[i] = ctx.running(ctx.lane(i)) == i;
        }
        int n = 0;
        while (n < cores) {
            int best = -1;
            for (int i = 0; i < servers; i++) {
                if (selected[i] || !eligible[i]) {
                    continue;
                }
                int v = vmOf[i];
                if (deferrable && pickedOfVm[v] >= ctx.readyTasks(v)) {
                    continue; // a deferrable server keeps its budget while its VM has no job for it
                }
                if (best < 0 || before(i, best)) {
                    best = i;
                }
            }
            if (best < 0) {
                break;
            }
            selected[best] = true;
            pickedOfVm[vmOf[best]]++;
            picked[n++] = best;
        }
        return n;
    }

    /** Global EDF's order: earlier deadline, then the VM listed first, then the running one, then the lower index. */
    private boolean before(int i, int j) {
        if (deadline[i] != deadline[j]) {
            return deadline[i] < deadline[j];
        }
        if (vmOf[i] != vmOf[j]) {
            return vmOf[i] < vmOf[j];
        }
        if (runs[i] != runs[j]) {
            return runs[i];
        }
        return i < j;
    }

    private void place(int n) {
        for (int c = 0; c < cores; c++) {
            int i = ctx.running(c);
            plan[c] = i >= 0 && selected[i] ? i : -1;
        }
        for (int k = 0; k < n; k++) {
            int i = picked[k];
            if (runs[i]) {
                continue;
            }
            int c = lastCore[i] >= 0 && plan[lastCore[i]] < 0 ? lastCore[i] : firstFree();
            if (migrationCharge[i] > 0 && lastCore[i] >= 0 && lastCore[i] != c) {
                ctx.chargeOverhead(i, migrationCharge[i], 1); // a migration pays X + its cost (THEORY.md §15.12)
            }
            plan[c] = i;
            lastCore[i] = c;
        }
    }

    private int firstFree() {
        for (int c = 0; c < cores; c++) {
            if (plan[c] < 0) {
                return c;
            }
        }
        throw new IllegalStateException("more virtual CPUs picked than cores");
    }

    @Override
    public boolean ignoresActivations() {
        return true;
    }

    @Override
    public boolean global() {
        return true;
    }

    @Override
    public long serverDeadline(int i) {
        return deadline[i];
    }
}
