package org.vmsched.ui.design;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;
import org.vmsched.design.DesignConstraints;
import org.vmsched.design.GlobalProposals;
import org.vmsched.design.InterfaceDesign;
import org.vmsched.design.InterfaceDesigner;
import org.vmsched.design.MprDesign;
import org.vmsched.design.MprDesigner;
import org.vmsched.design.WholeBudgets;
import org.vmsched.design.Placement;
import org.vmsched.design.ReservationServer;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;
import org.vmsched.text.Format;

/**
 * One finished design of a scenario, as the Design dialog shows it (THEORY.md §12): the designs
 * (with their curves), the placement when asked, the summary, the rows and the proposal.
 * {@link #compute} makes it (slow: {@link DesignViewModel} runs it off the ui thread). Immutable.
 */
public final class DesignOutcome {

    /**
     * One table row: the VM now and as proposed. Under a global host {@code vcpus} is the VM's
     * vCPUs now and {@code newVcpus} the proposed number (the MPR design, budget per vCPU); both
     * null for a single-vCPU design, where {@code core} is the VM's core. The bandwidths are the
     * VM's total (all its vCPUs).
     */
    public record Row(String vm, int core, Integer vcpus, double period, double budget, double bandwidth, Integer newCore,
                      double newPeriod, double newBudget, double newBandwidth, String note, Integer newVcpus) {

        /** The VM now: "core 0, T 10, C 6.5 (0.65)", or under a global host "2 vCPUs, T 10, C 6.5 (1.3)". */
        public String now() {
            return String.format(Locale.ROOT, "%sT %s, C %s (%s)", vcpus == null ? "core " + core + ", " : vcpusText(vcpus),
                    Format.significant(period, 6), Format.significant(budget, 6), Format.significant(bandwidth, 6));
        }

        /** The proposal in the same words (its core when placed, its vCPUs under a global host), or "none: " and why. */
        public String proposed() {
            if (Double.isNaN(newPeriod)) {
                return "none: " + note;
            }
            return String.format(Locale.ROOT, "%s%sT %s, C %s (%s)", newCore == null ? "" : "core " + newCore + ", ",
                    newVcpus == null ? "" : vcpusText(newVcpus), Format.significant(newPeriod, 6),
                    Format.significant(newBudget, 6), Format.significant(newBandwidth, 6));
        }

        private static String vcpusText(int k) {
            return k + " vCPU" + (k == 1 ? "" : "s") + ", ";
        }
    }

    /** Share of the progress a placement takes against one VM's design with its curve. */
    private static final double PLACEMENT_PER_VM = 0.5;

    private final Scenario scenario;
    private final boolean place;
    private final int cores;
    private final List<InterfaceDesign> designs;
    private final Placement.Result placement;
    private final List<MprDesign> global;
    private final String summary;

    private DesignOutcome(Scenario scenario, boolean place, int cores, List<InterfaceDesign> designs,
                          Placement.Result placement, List<MprDesign> global, String summary) {
        this.scenario = scenario;
        this.place = place;
        this.cores = cores;
        this.designs = List.copyOf(designs);
        this.placement = placement;
        this.global = List.copyOf(global);
        this.summary = summary;
    }

    /** Designs every VM (with its curve) and, if placing, the placement; slow: seconds for many VMs. */
    public static DesignOutcome compute(Scenario scenario, boolean place, int cores, DesignConstraints constraints) {
        return Cancellation.uncancelled(never -> compute(scenario, place, cores, constraints, Progress.NONE, never));
    }

    /**
     * As {@link #compute(Scenario, boolean, int, DesignConstraints)}, telling {@code progress}
     * how far each VM's search and the placement are, and stopping within one exact question
     * once {@code cancel} is set.
     */
    public static DesignOutcome compute(Scenario scenario, boolean place, int cores, DesignConstraints constraints,
                                  Progress progress, Cancellation cancel) throws CancelledException {
        if (scenario.hypervisor().policy().global()) {
            return global(scenario, place, constraints, progress, cancel);
        }
        ReservationServer server = ReservationServer.of(scenario);
        List<InterfaceDesign> out = new ArrayList<>();
        int n = scenario.vms().size();
        double whole = n + (place ? Math.max(1, PLACEMENT_PER_VM * n) : 0);
        for (VirtualMachine vm : scenario.vms()) {
            cancel.check();
            // Placing: the curve of each VM alone on a core (where placement starts from); otherwise
            // among its current core mates, as the proposal itself.
            Scenario where = place ? scenario.withVms(List.of(vm.withCore(0))) : scenario;
            out.add(InterfaceDesigner.design(where, place ? vm.withCore(0) : vm, server, constraints, true,
                    progress.part(out.size() / whole, 1 / whole, null), cancel));
        }
        cancel.check();
        if (!place) {
            long found = out.stream().filter(InterfaceDesign::found).count();
            return new DesignOutcome(scenario, false, cores, out, null, List.of(), found + " of " + out.size()
                    + " VMs have an interface; each designed among its current core mates."
                    + " Applying keeps the cores; the core tests are in the main window.");
        }
        Placement.Result placement = Placement.place(scenario, cores, server, constraints,
                progress.part(n / whole, 1 - n / whole, null), cancel);
        String summary = placement.fits()
                ? "Placement on " + placement.coresUsed() + " of " + cores + " cores (lower bound "
                + placement.lowerBound() + ", gap " + placement.gap() + "); every core and VM passes the analysis."
                + " Curves: each VM alone on a core (budgets rise where core mates preempt it)."
                + (placement.note() == null ? "" : " Numbers: " + placement.note() + ".")
                : "Does not fit on " + cores + " core(s): " + String.join(" ", placement.explanation());
        return new DesignOutcome(scenario, true, cores, out, placement, List.of(), summary);
    }

    /**
     * Under a global host: each VM's MPR interface (period, budget per vCPU, vCPUs; THEORY.md
     * §15.9) on all the host's cores, as {@code design} prints it; no placement (the vCPUs
     * migrate between all cores) and no curve. Cancellable within one test of the search.
     */
    private static DesignOutcome global(Scenario scenario, boolean place, DesignConstraints constraints, Progress progress,
                                  Cancellation cancel) throws CancelledException {
        int cores = scenario.hypervisor().cores();
        int n = scenario.vms().size();
        // the whole analysis's budgets take the last fifth of the bar where they are searched
        double share = n <= WholeBudgets.MAX_VMS ? 0.8 : 1;
        List<MprDesign> out = MprDesigner.designAll(scenario, scenario.vms(), cores, constraints,
                MprDesigner.DEFAULT_MAX_TESTS, i -> progress.part(share * i / n, share / n, null), cancel);
        cancel.check();
        String summary = globalSummary(scenario, out, cores, place);
        if (n <= WholeBudgets.MAX_VMS) {
            WholeBudgets.Result whole = WholeBudgets.search(scenario, WholeBudgets.DEFAULT_MAX_ANALYSES,
                    progress.part(share, 1 - share, null), cancel);
            summary += " " + WholeBudgets.sentence(scenario, whole, cores);
        }
        return new DesignOutcome(scenario, false, cores, List.of(), null, out, summary);
    }

    /**
     * The summary of a global design: how many VMs have an interface, what they take of the host
     * together, and for each VM the bound of tests stopped (issue 30) what it found so far and
     * that the command line's {@code --max-tests} raises the bound.
     */
    static String globalSummary(Scenario scenario, List<MprDesign> out, int cores, boolean place) {
        int n = out.size();
        long found = out.stream().filter(MprDesign::found).count();
        String summary = found + " of " + n + " VMs have an interface of periodic vCPUs under "
                + scenario.hypervisor().policy().title() + " on " + cores + " core" + (cores == 1 ? "" : "s")
                + " (the MPR search with sufficient tests, as the design command gives it)."
                + (place ? " No placement: under a global host the vCPUs migrate between all cores." : "")
                + " Applying sets each VM's period, budget per vCPU and vCPUs.";
        // each VM is designed alone: say, as the design command does, what they take of the host together
        String together = GlobalProposals.together(scenario, out, cores);
        if (together != null) {
            summary += " " + together;
        }
        for (MprDesign d : out) {
            if (d.wasStopped()) {
                summary += " " + d.vm() + ": stopped after " + d.testsRun() + " tests, " + d.stopped()
                        + "; the command line's design --max-tests N (more than " + d.maxTests()
                        + ") searches further.";
            }
        }
        return summary;
    }

    public String summary() {
        return summary;
    }

    /** The scenario this design shows: its "Now" column. */
    public Scenario scenario() {
        return scenario;
    }

    /** This design shown against {@code now}, the scenario as its proposal left it (after Apply). */
    DesignOutcome at(Scenario now) {
        return new DesignOutcome(now, place, cores, designs, placement, global, summary);
    }

    /**
     * Why the chart of least bandwidth against the period has no curve, or "" when it has one.
     * The MPR search keeps, period after period, only the budgets that beat its best interface
     * so far (THEORY.md §15.9): it never knows the least bandwidth at every period.
     */
    public String curveNote() {
        if (global.isEmpty()) {
            return "";
        }
        return "No curve under " + scenario.hypervisor().policy().title() + ": each VM's interface comes from the"
                + " MPR search over periods and vCPUs with sufficient tests (THEORY.md §15.9), which keeps only"
                + " the interface of least bandwidth it finds, not the least bandwidth at every period. The"
                + " proposal is in the table.";
    }

    /**
     * Why row {@code i}'s proposal is at its period ({@link org.vmsched.design.OptimumReason}),
     * or why there is none; under a placement, that its periods are the placement's; "" when
     * the design says nothing more (under a global host the table's row says the test).
     */
    public String why(int i) {
        if (!global.isEmpty() || i < 0 || i >= designs.size()) {
            return "";
        }
        InterfaceDesign d = designs.get(i);
        if (place && placement != null && placement.fits()) {
            return "Placed: the period and budget are the placement's among the VM's core mates; the curve and"
                    + (d.why() == null ? " its optimum" : " this reason for its optimum") + " are the VM's alone on a core"
                    + (d.why() == null ? "." : ": " + d.why().text());
        }
        if (!d.found()) {
            return d.note() == null ? "" : "No interface: " + d.note();
        }
        return d.why() == null ? "" : "Why T = " + Format.significant(d.best().period(), 6) + ": " + d.why().text();
    }

    /** Each VM's design, in the scenario's order, with its curve. */
    public List<InterfaceDesign> designs() {
        return designs;
    }

    /** Each VM's MPR design under a global host, in the scenario's order; empty otherwise. */
    public List<MprDesign> globalDesigns() {
        return global;
    }

    /** Whether there is anything to apply. */
    public boolean canApply() {
        if (!global.isEmpty()) {
            return global.stream().anyMatch(MprDesign::found);
        }
        return place ? placement != null && placement.fits() : designs.stream().anyMatch(InterfaceDesign::found);
    }

    public List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < scenario.vms().size(); i++) {
            VirtualMachine vm = scenario.vms().get(i);
            if (!global.isEmpty()) {
                MprDesign d = global.get(i);
                MprDesign.Proposal p = d.proposal();
                // a global VM has no core of its own; its bandwidth is that of all its vCPUs
                double total = vm.vcpus() * vm.budget() / vm.period();
                rows.add(p == null ? new Row(vm.name(), vm.core(), vm.vcpus(), vm.period(), vm.budget(), total, null,
                        Double.NaN, Double.NaN, Double.NaN, d.note(), null)
                        : new Row(vm.name(), vm.core(), vm.vcpus(), vm.period(), vm.budget(), total, null, p.period(),
                        p.budget(), p.bandwidth(), p.test(), p.vcpus()));
            } else if (place && placement != null && placement.fits()) {
                Placement.PlacedVm p = placement.vms().get(i);
                rows.add(new Row(vm.name(), vm.core(), null, vm.period(), vm.budget(), vm.bandwidth(), p.core(), p.period(),
                        p.budget(), p.bandwidth(), null, null));
            } else if (i < designs.size() && designs.get(i).found()) {
                InterfaceDesign d = designs.get(i);
                rows.add(new Row(vm.name(), vm.core(), null, vm.period(), vm.budget(), vm.bandwidth(), null,
                        d.best().period(), d.best().budget(), d.best().bandwidth(), null, null));
            } else {
                rows.add(new Row(vm.name(), vm.core(), null, vm.period(), vm.budget(), vm.bandwidth(), null, Double.NaN,
                        Double.NaN, Double.NaN, i < designs.size() ? designs.get(i).note() : null, null));
            }
        }
        return rows;
    }

    /** The proposal as one change of the scenario (for MainViewModel.edit: one undoable step). */
    public UnaryOperator<Scenario> proposal() {
        if (!global.isEmpty()) {
            List<MprDesign> ds = global;
            return s -> GlobalProposals.applied(s, ds, s.hypervisor().cores());
        }
        if (place && placement != null && placement.fits()) {
            Scenario placed = placement.scenario();
            int used = placement.coresUsed();
            return s -> s.withVms(placed.vms()).withHypervisor(s.hypervisor().withCores(Math.max(s.hypervisor().cores(), used)));
        }
        List<InterfaceDesign> ds = designs;
        return perVm(vm -> ds.stream().filter(d -> d.vm().equals(vm.name()) && d.found()).reduce((x, y) -> y)
                .map(d -> vm.withServer(d.best().period(), d.best().budget(), vm.overhead()))
                .orElse(vm));
    }

    /** The scenario with each VM replaced by {@code change} of it. */
    private static UnaryOperator<Scenario> perVm(UnaryOperator<VirtualMachine> change) {
        return s -> {
            List<VirtualMachine> vms = new ArrayList<>();
            for (VirtualMachine vm : s.vms()) {
                vms.add(change.apply(vm));
            }
            return s.withVms(vms);
        };
    }
}
