package org.vmsched.report;

import java.util.ArrayList;
import java.util.List;
import org.vmsched.analysis.GoodPeriods;
import org.vmsched.analysis.TmaxCurve;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;

/**
 * The Tmax curve of one VM in one {@link TmaxSetting}, point by point (the window computes one
 * α at a time so that a superseded run stops within one column; the command line takes a list).
 * Holds the VM's {@link GoodPeriods}, built once for all its points. Not thread-safe.
 */
public final class TmaxSweep {

    private final Scenario scenario;
    private final VirtualMachine vm;
    private final TmaxSetting setting;
    private final GoodPeriods goodPeriods;
    private final double minPeriod;

    TmaxSweep(Scenario scenario, VirtualMachine vm, TmaxSetting setting, double minPeriod) {
        this.scenario = scenario;
        this.vm = vm;
        this.setting = setting;
        this.goodPeriods = GoodPeriods.of(vm.tasks(), vm.scheduler());
        this.minPeriod = Double.isNaN(minPeriod) ? goodPeriods.defaultMinPeriod() : minPeriod;
    }

    /** The VM swept (with the overhead the sweep uses). */
    public VirtualMachine vm() {
        return vm;
    }

    /** Where the curve is computed. */
    public TmaxSetting setting() {
        return setting;
    }

    /** The lowest period searched. */
    public double minPeriod() {
        return minPeriod;
    }

    /** Tmax, the good periods and the upper bound at bandwidth α; with {@code exact}, their exact ends. */
    public TmaxCurve.Point at(double alpha, boolean exact) {
        return setting == TmaxSetting.ALONE
                ? TmaxCurve.alone(vm.tasks(), goodPeriods, alpha, vm.overhead(), minPeriod, exact)
                : TmaxCurve.amongCoreMates(scenario, vm, goodPeriods, alpha, minPeriod, exact);
    }

    /** {@link #at} for each α, in order. */
    public List<TmaxCurve.Point> at(double[] alphas, boolean exact) {
        List<TmaxCurve.Point> out = new ArrayList<>();
        for (double a : alphas) {
            out.add(at(a, exact));
        }
        return out;
    }
}
