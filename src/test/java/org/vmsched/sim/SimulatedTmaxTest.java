package org.vmsched.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.vmsched.model.SimulationMode;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/** Simulated Tmax agrees with the analytic Tmax in worst-case mode and is never below it in synchronous mode. */
class SimulatedTmaxTest {

    static final VirtualMachine THESIS = VirtualMachine.of("VM1", 10, 4, 0,
            List.of(Task.of("t1", 2, 16), Task.of("t2", 1, 24), Task.of("t3", 4, 36)));

    @ParameterizedTest
    @CsvSource({"0.3, 0", "0.4, 10", "0.5, 14", "0.6, 17.5", "0.8, 35", "0.9, 70"})
    void worstCaseSimulationFindsTheAnalyticTmaxOfTheThesisExample(double alpha, double tmax) {
        List<SimulatedTmax.Point> p = SimulatedTmax.compute(THESIS, new double[] {alpha},
                SimulationOptions.DEFAULT.withMode(SimulationMode.WORST_CASE), null);
        assertEquals(tmax, p.get(0).analyticTmax(), 1e-9);
        assertEquals(tmax, p.get(0).simulatedTmax(), 1e-9);
    }

    @Test
    void synchronousSimulatedTmaxIsNeverBelowTheAnalyticOne() {
        double[] alphas = {0.3, 0.4, 0.5, 0.6, 0.8};
        List<SimulatedTmax.Point> p = SimulatedTmax.compute(THESIS, alphas, SimulationOptions.DEFAULT, null);
        for (SimulatedTmax.Point x : p) {
            assertTrue(x.simulatedTmax() >= x.analyticTmax() - 1e-9, x.toString());
        }
    }

    @Test
    void worstCaseSimulatedTmaxEqualsTheAnalyticOneWithOverheadWhenItFallsOnATick() {
        VirtualMachine vm = THESIS.withServer(8, 4, 0.5);
        double[] alphas = {0.4, 0.5, 0.6, 0.7};
        for (SimulatedTmax.Point x : SimulatedTmax.compute(vm, alphas,
                SimulationOptions.DEFAULT.withMode(SimulationMode.WORST_CASE), null)) {
            assertTrue(x.simulatedTmax() <= x.analyticTmax() + 1e-9, x.toString());
            // here every analytic Tmax (13.5, 16.875, 22.5) and its budget fall on the 0.001 tick: exact agreement
            assertEquals(x.analyticTmax(), x.simulatedTmax(), 1e-9, x.toString());
        }
    }

    @Test
    void cancellingStopsTheSearch() {
        SimulationListener cancel = new SimulationListener() {
            @Override
            public boolean cancelled() {
                return true;
            }
        };
        assertThrows(CancellationException.class,
                () -> SimulatedTmax.compute(THESIS, new double[] {0.5}, SimulationOptions.DEFAULT, cancel));
    }
}
