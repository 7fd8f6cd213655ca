package org.vmsched.ui.main;

import org.vmsched.chart.ChartKind;
import org.vmsched.ui.analysis.ChartsView;

/** A click on the good-period map or the Tmax curve sets the selected VM's server, snapped (see {@link MainViewModel#setServerNear}). */
final class ServerClicks implements ChartsView.ChartClicks {

    private final MainViewModel vm;

    ServerClicks(MainViewModel vm) {
        this.vm = vm;
    }

    @Override
    public void clicked(ChartKind kind, double alpha, double period, double alphaPerPixel, double periodPerPixel) {
        int v = Math.max(0, Math.min(vm.scenario().vms().size() - 1, vm.selectedVmProperty().get()));
        if (v < 0) {
            return;
        }
        if (kind == ChartKind.TMAX && vm.analysis().normalizedProperty().get()) {
            // the curve is drawn as Tmax / T1: back to time units
            double t1 = org.vmsched.analysis.Bounds.firstTask(vm.scenario().vms().get(v).tasks()).period();
            period *= t1;
            periodPerPixel *= t1;
        }
        vm.setServerAt(v, alpha, period, alphaPerPixel, periodPerPixel, kind == ChartKind.TMAX);
    }
}
