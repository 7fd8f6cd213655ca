package org.vmsched.sim;

import org.vmsched.model.GuestScheduler;
import org.vmsched.text.Format;

/**
 * The rules a {@link Narrator} names when it says why a VM won a core and why a task runs inside
 * its VM: the hypervisor policy's rank (deadline, period, priority or its own state) and the guest
 * scheduler's (deadline or rate-monotonic), or "the only one" when nothing competed. Reads the
 * engine's state only; stateless apart from the run's settings.
 */
final class NarrationReasons {

    private final Narrator.Words words;
    private final GuestScheduler[] guests;
    private final boolean deferrable;
    private final boolean worstCase;

    NarrationReasons(Narrator.Words words, GuestScheduler[] guests, boolean deferrable, boolean worstCase) {
        this.words = words;
        this.guests = guests;
        this.deferrable = deferrable;
        this.worstCase = worstCase;
    }

    /** Why VM v won lane c: the rule of the hypervisor's policy, or no rival. */
    String whyVm(EngineInstant now, int c, int v) {
        boolean rival = false;
        for (int w = 0; w < now.vms(); w++) {
            if (w != v && now.vmLane(w) == c && eligible(now, w)) {
                rival = true;
                break;
            }
        }
        if (!rival) {
            return worstCase ? "gets its worst-case supply chunk" : "is the only VM with budget" + (deferrable ? " and work" : "");
        }
        return switch (words.rank()) {
            case DEADLINE -> "has the earliest deadline (" + Format.label(now.units(now.vmDeadline(v))) + ")";
            case PERIOD -> "has the shortest period (" + Format.label(now.units(now.vmPeriod(v))) + ")";
            case PRIORITY -> "has the highest priority (" + now.vmPriority(v) + ")";
            case OWN_STATE -> "is picked by the " + words.schedulerName() + " scheduler";
        };
    }

    /** Why task g runs inside VM v: the guest scheduler's rule, or no rival. */
    String whyTask(EngineInstant now, int v, int g) {
        boolean rival = false;
        for (int h = 0; h < now.tasks(); h++) {
            if (h != g && now.taskVm(h) == v && now.pending(h) > 0) {
                rival = true;
                break;
            }
        }
        if (!rival) {
            return "is the only ready task";
        }
        return guests[v].byDeadline()
                ? "has the earliest deadline (" + Format.label(now.units(now.oldestDeadline(g))) + ")"
                : "has the shortest period (" + Format.label(now.units(now.taskPeriod(g))) + ", rate-monotonic)";
    }

    boolean eligible(EngineInstant now, int v) {
        if (now.budgetLeft(v) <= 0) {
            return false;
        }
        if (!deferrable) {
            return true;
        }
        for (int g = 0; g < now.tasks(); g++) {
            if (now.taskVm(g) == v && now.pending(g) > 0) {
                return true;
            }
        }
        return false;
    }
}
