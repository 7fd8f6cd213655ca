package org.vmsched.ui.design;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.vmsched.design.DesignConstraints;
import org.vmsched.design.InterfaceDesign;
import org.vmsched.design.InterfaceDesigner;
import org.vmsched.design.Placement;
import org.vmsched.design.ReservationServer;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;

/**
 * The Design dialog's state, free of controls (THEORY.md §12): for a scenario, each VM's
 * least-bandwidth interface among its current core mates, or, when placing, every VM's core and
 * interface from {@link Placement}; the rows to show, each VM's bandwidth-against-period curve, and
 * the proposal as one edit of the scenario. {@link #compute()} is slow (seconds for many VMs): call
 * it off the FX thread. Immutable inputs, results set once per compute.
 */
public final class DesignViewModel {

    /** One table row: the VM now and as proposed. */
    public record Row(String vm, int core, double period, double budget, double bandwidth, Integer newCore,
                      double newPeriod, double newBudget, double newBandwidth, String note) {
    }

    private final Scenario scenario;
    private final boolean place;
    private final int cores;
    private final DesignConstraints constraints;
    private List<InterfaceDesign> designs = List.of();
    private Placement.Result placement;
    private String summary = "";

    public DesignViewModel(Scenario scenario, boolean place, int cores, DesignConstraints constraints) {
        this.scenario = scenario;
        this.place = place;
        this.cores = cores;
        this.constraints = constraints;
    }

    /** Designs every VM (with its curve) and, if placing, the placement. */
    public void compute() {
        try {
            compute(Progress.NONE, new Cancellation());
        } catch (CancelledException e) {
            throw new IllegalStateException("cancelled without anyone to cancel", e); // cannot happen
        }
    }

    /**
     * As {@link #compute()}, telling {@code progress} the VMs designed (and the placement, one
     * more unit) and stopping between them once {@code cancel} is set.
     */
    public void compute(Progress progress, Cancellation cancel) throws CancelledException {
        ReservationServer server = ReservationServer.of(scenario);
        List<InterfaceDesign> out = new ArrayList<>();
        int total = scenario.vms().size() + (place ? 1 : 0);
        for (VirtualMachine vm : scenario.vms()) {
            cancel.check();
            progress.progress(out.size(), total, "designing " + vm.name());
            // Placing: the curve of each VM alone on a core (where placement starts from); otherwise
            // among its current core mates, as the proposal itself.
            Scenario where = place ? scenario.withVms(List.of(vm.withCore(0))) : scenario;
            out.add(InterfaceDesigner.design(where, place ? vm.withCore(0) : vm, server, constraints, true));
        }
        cancel.check();
        designs = out;
        if (place) {
            progress.progress(out.size(), total, "placing");
            placement = Placement.place(scenario, cores, server, constraints);
            summary = placement.fits()
                    ? "Placement on " + placement.coresUsed() + " of " + cores + " cores (lower bound "
                    + placement.lowerBound() + ", gap " + placement.gap() + "); every core and VM passes the analysis."
                    + " Curves: each VM alone on a core (budgets rise where core mates preempt it)."
                    : "Does not fit on " + cores + " core(s): " + String.join(" ", placement.explanation());
        } else {
            long found = out.stream().filter(InterfaceDesign::found).count();
            summary = found + " of " + out.size() + " VMs have an interface; each designed among its current core mates."
                    + " Applying keeps the cores; the core tests are in the main window.";
        }
    }

    public String summary() {
        return summary;
    }

    public List<InterfaceDesign> designs() {
        return designs;
    }

    /** Whether there is anything to apply. */
    public boolean canApply() {
        return place ? placement != null && placement.fits() : designs.stream().anyMatch(InterfaceDesign::found);
    }

    public List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < scenario.vms().size(); i++) {
            VirtualMachine vm = scenario.vms().get(i);
            if (place && placement != null && placement.fits()) {
                Placement.PlacedVm p = placement.vms().get(i);
                rows.add(new Row(vm.name(), vm.core(), vm.period(), vm.budget(), vm.bandwidth(), p.core(), p.period(),
                        p.budget(), p.bandwidth(), null));
            } else if (i < designs.size() && designs.get(i).found()) {
                InterfaceDesign d = designs.get(i);
                rows.add(new Row(vm.name(), vm.core(), vm.period(), vm.budget(), vm.bandwidth(), null, d.best().period(),
                        d.best().budget(), d.best().bandwidth(), null));
            } else {
                rows.add(new Row(vm.name(), vm.core(), vm.period(), vm.budget(), vm.bandwidth(), null, Double.NaN,
                        Double.NaN, Double.NaN, i < designs.size() ? designs.get(i).note() : null));
            }
        }
        return rows;
    }

    /** The proposal as one change of the scenario (for MainViewModel.edit: one undoable step). */
    public UnaryOperator<Scenario> proposal() {
        if (place && placement != null && placement.fits()) {
            Scenario placed = placement.scenario();
            return s -> s.withVms(placed.vms()).withHypervisor(new Platform(s.hypervisor().policy(),
                    Math.max(s.hypervisor().cores(), placement.coresUsed())));
        }
        List<InterfaceDesign> ds = designs;
        return s -> {
            List<VirtualMachine> vms = new ArrayList<>();
            for (VirtualMachine vm : s.vms()) {
                VirtualMachine out = vm;
                for (InterfaceDesign d : ds) {
                    if (d.vm().equals(vm.name()) && d.found()) {
                        out = vm.withServer(d.best().period(), d.best().budget(), vm.overhead());
                    }
                }
                vms.add(out);
            }
            return s.withVms(vms);
        };
    }
}
