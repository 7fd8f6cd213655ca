package org.vmsched.ui.main;

import org.vmsched.ui.analysis.ChartsView;

/** What a click on a chart does to the edited scenario, for the window that composes the charts. Stateless. */
public final class ChartActions {

    private ChartActions() {
    }

    /** A click on the good-period map or the Tmax curve sets the selected VM's server, snapped. */
    public static ChartsView.ChartClicks serverClicks(MainViewModel vm) {
        return new ServerClicks(vm);
    }
}
