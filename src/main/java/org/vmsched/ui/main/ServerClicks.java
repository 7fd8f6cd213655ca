package org.vmsched.ui.main;

import java.math.BigDecimal;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.vmsched.analysis.Bounds;
import org.vmsched.chart.ChartKind;
import org.vmsched.ui.analysis.ChartsView;

/**
 * A click on the good-period map or the Tmax curve proposes a server for the selected VM,
 * snapped (see {@link ServerSnap}), and sets nothing: the proposal shows on the chart with "Set
 * T = …, C = …" until it is confirmed (the Set button, Enter, or a second click on the same point)
 * or cancelled (Esc, Cancel, any edit or another VM selected). A click meant only to focus the
 * window so changes nothing (issue 30, item 11). Confirming sets exactly the server shown, as one
 * undoable step. Ui thread only.
 */
final class ServerClicks implements ChartsView.ChartClicks {

    /** A proposal with what it would set: VM {@code v}'s server {@code server}. */
    private record Pending(int v, ServerSnap.Server server, ChartsView.Proposal shown) {
    }

    private final MainViewModel vm;
    private final ReadOnlyObjectWrapper<ChartsView.Proposal> proposal = new ReadOnlyObjectWrapper<>();
    private Pending pending;

    ServerClicks(MainViewModel vm) {
        this.vm = vm;
        vm.revisionProperty().addListener((o, a, b) -> drop());
        vm.selectedVmProperty().addListener((o, a, b) -> drop());
    }

    @Override
    public void clicked(ChartKind kind, double alpha, double period, double alphaPerPixel, double periodPerPixel) {
        int v = Math.max(0, Math.min(vm.scenario().vms().size() - 1, vm.selectedVmProperty().get()));
        if (v < 0) {
            return;
        }
        double t1 = 1;
        if (kind == ChartKind.TMAX && vm.analysis().normalizedProperty().get()) {
            // the curve is drawn as Tmax / T1: back to time units
            t1 = Bounds.firstTask(vm.scenario().vms().get(v).tasks()).period();
        }
        ServerSnap.Server srv = vm.proposeServerAt(v, alpha, period * t1, alphaPerPixel, periodPerPixel * t1,
                kind == ChartKind.TMAX);
        if (srv == null) {
            drop();
            return;
        }
        if (pending != null && pending.v() == v && pending.shown().kind() == kind
                && pending.server().period() == srv.period() && pending.server().budget() == srv.budget()) {
            confirm(); // a second click on the same point
            return;
        }
        String set = "T = " + exact(srv.period()) + ", C = " + exact(srv.budget());
        pending = new Pending(v, srv, new ChartsView.Proposal(kind, srv.alpha(), srv.period() / t1,
                "Set " + vm.scenario().vms().get(v).name() + ": " + set));
        proposal.set(pending.shown());
        vm.statusProperty().set("Set " + set + "? Click the point again, press Enter or Set; Esc cancels."
                + (srv.note() == null ? "" : " " + srv.note()));
    }

    /** The value as it goes into the file: 18.421, not 18.42 (the screen's rounding). */
    static String exact(double x) {
        return BigDecimal.valueOf(x).stripTrailingZeros().toPlainString();
    }

    @Override
    public ReadOnlyObjectProperty<ChartsView.Proposal> proposalProperty() {
        return proposal.getReadOnlyProperty();
    }

    @Override
    public void confirm() {
        Pending p = pending;
        drop();
        if (p != null) {
            vm.setServer(p.v(), p.server());
        }
    }

    @Override
    public void cancel() {
        if (pending != null) {
            drop();
            vm.statusProperty().set("Nothing set.");
        }
    }

    private void drop() {
        pending = null;
        proposal.set(null);
    }
}
