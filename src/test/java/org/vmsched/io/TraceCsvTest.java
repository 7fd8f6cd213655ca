package org.vmsched.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.model.MissPolicy;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.SimulationResult;
import org.vmsched.sim.Simulator;

/** The trace CSV: header, one row per slice with times and ticks, misses last, names quoted when needed. */
class TraceCsvTest {

    @Test
    void slicesThenMissesWithQuotedNames() throws Exception {
        VirtualMachine vm = VirtualMachine.of("vm, \"one\"", 4, 2, 0.5, List.of(Task.of("a,b", 3, 4)));
        SimulationResult r = Simulator.run(Scenario.of("csv", List.of(vm)),
                SimulationOptions.DEFAULT.withHorizon(4.0).withMissPolicy(MissPolicy.ABORT), null);
        StringWriter w = new StringWriter();
        TraceCsv.write(r, w);
        assertEquals(String.join("\n",
                "kind,core,vm,task,start,end,start_tick,end_tick",
                "overhead,0,\"vm, \"\"one\"\"\",,0,0.5,0,5",
                "execution,0,\"vm, \"\"one\"\"\",\"a,b\",0.5,2,5,20",
                "idle,0,,,2,4,20,40",
                "miss-aborted,0,\"vm, \"\"one\"\"\",\"a,b\",0,4,0,40",
                ""), w.toString());
    }
}
