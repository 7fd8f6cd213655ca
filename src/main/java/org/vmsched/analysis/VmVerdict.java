package org.vmsched.analysis;

import java.util.ArrayList;
import java.util.List;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * One VM's analytic result: its own verdict at (T_VM, C_VM, X), and for its bandwidth and
 * overhead the exact good periods from {@code minPeriod} up and their top {@code tmax}. When the
 * good periods could not be computed (an {@link AnalysisLimitException}), {@code tmax} is NaN,
 * the list is empty and {@code note} says why; otherwise {@code note} is null. {@code supply}
 * is the supply the tasks were analysed with (THEORY.md §6): its preemption bound P and useful
 * budget per period. A VM whose core fails its hypervisor test is not schedulable: its budget is
 * not guaranteed ({@code coreNote} says so; null otherwise), and none of its tasks is schedulable
 * either ({@link TaskVerdict#withoutGuarantee}: the constructor makes them so). {@code edf} is the demand-bound
 * test's outcome under EDF inside the VM (THEORY.md §8; its reason says why a verdict is
 * {@link Verdict#UNDECIDED}), null under RM. {@code exactPeriods} are the good periods with exact
 * ends (THEORY.md §6.6); {@code feasiblePeriods} are their nearest doubles. Under a version-2
 * hypervisor policy ({@code HierarchyAnalysis}) {@code hierarchy} says which analysis gave the
 * verdict and with what (or why there is none); {@code supply} is then null and there are no good
 * periods ({@code tmax} NaN). {@code hierarchy} is null for the periodic servers. {@code noteVerdict}
 * is {@link Verdict#UNDECIDED} when {@code note} says why the VM's own analysis gave no answer (its
 * text then begins with that label, {@link Verdicts#labelled}), null when the note is a remark (a
 * limit on the good periods) or absent: the data {@link #undecidedReason} reads, not the note's words.
 * {@code taskResponseTimes} is false where the VM's tests prove deadlines without a response time
 * per task (the MPR tests of a global VM); see {@link #response}. Under a global policy
 * {@code provedOn} says which supply the guest's tests proved the tasks on ({@link ProvedOn#NONE}
 * when none did) and {@code provedBy} the name of the test that did (null when none); both null
 * for a VM the global analysis does not reach (a partitioned policy).
 * Immutable.
 */
public record VmVerdict(String name, double period, double budget, double overhead, double bandwidth,
                        Verdict verdict, double tmax, List<Interval> feasiblePeriods, double minPeriod,
                        List<TaskVerdict> tasks, String note, Supply supply, String coreNote, EdfResult edf,
                        List<ExactInterval> exactPeriods, String hierarchy, Verdict noteVerdict,
                        boolean taskResponseTimes, ProvedOn provedOn, String provedBy) {

    public VmVerdict {
        feasiblePeriods = List.copyOf(feasiblePeriods);
        exactPeriods = List.copyOf(exactPeriods);
        if (coreNote != null) {
            // The core does not guarantee the budget: no task inside is schedulable (issue 17).
            Verdict vmVerdict = verdict;
            tasks = tasks.stream().map(t -> t.withoutGuarantee(vmVerdict)).toList();
        } else {
            tasks = List.copyOf(tasks);
        }
    }

    /** A verdict that says no supply a global analysis proved it on. */
    public VmVerdict(String name, double period, double budget, double overhead, double bandwidth,
                     Verdict verdict, double tmax, List<Interval> feasiblePeriods, double minPeriod,
                     List<TaskVerdict> tasks, String note, Supply supply, String coreNote, EdfResult edf,
                     List<ExactInterval> exactPeriods, String hierarchy, Verdict noteVerdict, boolean taskResponseTimes) {
        this(name, period, budget, overhead, bandwidth, verdict, tmax, feasiblePeriods, minPeriod, tasks, note, supply,
                coreNote, edf, exactPeriods, hierarchy, noteVerdict, taskResponseTimes, null, null);
    }

    /** A verdict whose tests give each task a response time unless it is EDF's demand test. */
    public VmVerdict(String name, double period, double budget, double overhead, double bandwidth,
                     Verdict verdict, double tmax, List<Interval> feasiblePeriods, double minPeriod,
                     List<TaskVerdict> tasks, String note, Supply supply, String coreNote, EdfResult edf,
                     List<ExactInterval> exactPeriods, String hierarchy, Verdict noteVerdict) {
        this(name, period, budget, overhead, bandwidth, verdict, tmax, feasiblePeriods, minPeriod, tasks, note, supply,
                coreNote, edf, exactPeriods, hierarchy, noteVerdict, true);
    }

    /** A periodic server's verdict (no hierarchy note). */
    public VmVerdict(String name, double period, double budget, double overhead, double bandwidth,
                     Verdict verdict, double tmax, List<Interval> feasiblePeriods, double minPeriod,
                     List<TaskVerdict> tasks, String note, Supply supply, String coreNote, EdfResult edf,
                     List<ExactInterval> exactPeriods) {
        this(name, period, budget, overhead, bandwidth, verdict, tmax, feasiblePeriods, minPeriod, tasks, note, supply,
                coreNote, edf, exactPeriods, null, null);
    }

    /** A decided verdict without an EDF test result. */
    public VmVerdict(String name, double period, double budget, double overhead, double bandwidth,
                     boolean schedulable, double tmax, List<Interval> feasiblePeriods, double minPeriod,
                     List<TaskVerdict> tasks, String note, Supply supply, String coreNote) {
        this(name, period, budget, overhead, bandwidth, Verdict.of(schedulable), tmax, feasiblePeriods, minPeriod,
                tasks, note, supply, coreNote, null, List.of());
    }

    /** Whether every task is proven to meet its deadline (false when not, and when undecided). */
    public boolean schedulable() {
        return verdict == Verdict.SCHEDULABLE;
    }

    /** What a task's response-time cell says; each output words it ({@link #response}). */
    public enum Response {
        /** EDF inside: one demand-bound test for all the tasks, no response time. */
        EDF_TEST,
        /** A global VM's MPR tests: deadlines proved, no response time. */
        NO_RESPONSE_TIME,
        /** The analysis did not decide: no response time known. */
        UNKNOWN,
        /** Above the deadline (RM's iteration passed it). */
        ABOVE_DEADLINE,
        /** {@link TaskVerdict#responseTime}, conditional when {@link TaskVerdict#conditional}. */
        VALUE
    }

    /** What task {@code t}'s (one of this VM's) response-time cell says: the one decision every output words. */
    public Response response(TaskVerdict t) {
        if (edf != null) {
            return Response.EDF_TEST;
        }
        if (!taskResponseTimes) {
            return Response.NO_RESPONSE_TIME;
        }
        if (t.responseTime() != null) {
            return Response.VALUE;
        }
        return t.verdict() == Verdict.UNDECIDED ? Response.UNKNOWN : Response.ABOVE_DEADLINE;
    }

    /**
     * A global VM's proof in brief, in the words of its text and the window: "proved on" the supply
     * ({@link ProvedOn#words}) and "(test: …)", led by the condition when the host test does not
     * guarantee the vCPUs' budgets ({@code coreNote}); null when no supply proved it or the global
     * analysis did not reach it.
     */
    public String proofInBrief() {
        if (provedOn == null || provedOn == ProvedOn.NONE) {
            return null;
        }
        return (coreNote == null ? "" : "given its vCPUs' budgets, which the host test does not guarantee, ")
                + "proved on " + provedOn.words() + " (test: " + provedBy + ")";
    }

    /** Why the verdict is undecided, or null when it is decided. */
    public String undecidedReason() {
        if (verdict != Verdict.UNDECIDED) {
            return null;
        }
        if (edf != null && edf.verdict() == Verdict.UNDECIDED) {
            return edf.reason();
        }
        if (edf == null && note != null && noteVerdict == Verdict.UNDECIDED) {
            return note; // under RM: the response-time iteration's work budget
        }
        return coreNote != null ? coreNote : edf != null ? edf.reason() : note; // or the core's test (THEORY.md §10)
    }

    /** The verdict of a VM that is not analysed, with the reason: every task undecided. */
    public static VmVerdict undecided(VirtualMachine vm, String why) {
        List<TaskVerdict> tasks = new ArrayList<>();
        for (Task t : vm.tasks()) {
            tasks.add(new TaskVerdict(t.name(), t.wcet(), t.period(), t.deadline(), null, Verdict.UNDECIDED));
        }
        return new VmVerdict(vm.name(), vm.period(), vm.budget(), vm.overhead(), vm.bandwidthAsWritten(), Verdict.UNDECIDED,
                Double.NaN, List.of(), Double.NaN, tasks, why, null, null, null, List.of(),
                Verdicts.labelled(Verdict.UNDECIDED, why), Verdict.UNDECIDED);
    }
}
