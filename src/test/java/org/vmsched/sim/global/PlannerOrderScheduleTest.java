package org.vmsched.sim.global;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.vmsched.analysis.mpr.HostSchedule;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.model.SimulationMode;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.Simulator;
import org.vmsched.sim.VcpuResponseTimes;

/**
 * Global EDF's planner keeps its servers in (deadline, index) order by a binary search instead of a
 * walk (BENCHMARKS.md, analyze of 100 VMs of 64 vCPUs): the schedules of the bundled and bench
 * scenarios under global EDF are slice for slice those recorded with the walk (digests of
 * {@link GlobalScheduleRegressionTest#digest}: every statistic and every trace slice), synchronous
 * and worst-case, and the host's own schedule the analysis reads ({@link VcpuResponseTimes}) is the
 * same. {@code GlobalEdfPlannerOrderTest} checks the order itself against a sort after every change.
 * Recorded at d8357905, before the change.
 */
class PlannerOrderScheduleTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "scenarios/rtds-global-periodic.json, 200, 09df835f95460a6afb1addad:230, 857ffb9860e75e95145a24ad:272, e90c0b22",
        "scenarios/rtds-global.json, 200, b8d456af0ed8df7105dd2921:215, 3286082bf82522c8e4050b5c:256, 3d1c4880",
        "bench/analyze-16vm-4core-global.json, 200, ef21bb02a203c5c4552ec96f:400, bf74407415102cb951687d3b:652, cd8b01d6",
        "bench/design-global-1vm-10tasks-4cores.json, 200, c8426828d0c8b2c6623b0cb3:249, d85ae67b86b6bb84e198b5d3:244, 00015c82",
        "bench/fuzz-2030-case-13097.json, 200, fb5688528975bc076046d253:182, b31b9250b328e76b9210622d:224, e90c0b22",
        "bench/design-global-100vm-64vcpu.json, 30, df67a86cfa5d376bdc0b9bf1:409, 0189913f8b202d6551935d62:33200, a0384047",
    })
    void schedulesAreThoseRecordedBeforeTheBinarySearch(String file, double horizon, String synchronous, String worstCase,
                                                       String hostTimes) throws Exception {
        Scenario s = ScenarioJson.load(Path.of(file));
        SimulationOptions o = SimulationOptions.DEFAULT.withHorizon(horizon);
        // "-": not run. 100 VMs of 64 vCPUs in worst-case mode took about 45 s of CPU (each vCPU's supply built every
        // server of the host again); since vCPU supplies count P VM by VM, about 1 s, so its digest recorded before is checked
        String worst = "-".equals(worstCase) ? "-"
                : GlobalScheduleRegressionTest.digest(Simulator.run(s, o.withMode(SimulationMode.WORST_CASE)));
        String now = GlobalScheduleRegressionTest.digest(Simulator.run(s, o)) + ", " + worst + ", " + hostTimes(VcpuResponseTimes.of(s));
        assertEquals(synchronous + ", " + worstCase + ", " + hostTimes, now, file);
    }

    /** The host's own schedule as the analysis reads it, in short: the times per VM or the reason and the shortfall. */
    private static String hostTimes(HostSchedule.Times t) {
        String text = t.perVm() != null ? t.perVm().toString() : t.reason() + " " + t.shortfall();
        return "%08x".formatted(text.hashCode());
    }
}
