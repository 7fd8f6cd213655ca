package org.vmsched.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.SimulationResult;
import org.vmsched.sim.Simulator;

/**
 * A user's trial: the Gantt chart's data export (CSV) of a Global EDF run said which VM ran on a
 * core but not which of its virtual CPUs, nor which job of a task a slice ran, though the trace
 * CSV names the vCPU ({@code vcpu}) and the engine knows the job. Under a global policy three
 * columns follow the four: the vCPU (from 0, as the trace CSV's), the task and the job, by its
 * release time (a core lane's row named the release without the task: a second trial); a
 * partitioned chart keeps its four.
 */
class GlobalGanttCsvTest {

    private static final String HEADER = "lane,series,time (time units) start,time (time units) end";

    @Test
    void eachGlobalSliceNamesItsVcpuAndEachExecutionItsJob() throws Exception {
        Scenario s = ScenarioJson.parse("global-three-vms.json", org.vmsched.TestScenarios.GLOBAL_THREE_VMS);
        SimulationResult r = Simulator.run(s, SimulationOptions.from(s.simulation()).withHorizon(400.0), null);
        assertEquals(0, r.misses().size(), "every job of this run completes by its deadline");
        String csv = ChartCsv.toCsv(GanttChartFactory.create(SimulationChartData.gantt(s, r, 50_000)));
        String[] lines = csv.split("\n");
        assertEquals(HEADER + ",vcpu,task,job release (time units)", lines[0]);
        Map<String, Integer> vcpus = new HashMap<>();
        Map<String, Task> tasks = new HashMap<>();
        for (VirtualMachine vm : s.vms()) {
            vcpus.put(vm.name(), vm.vcpus());
            for (Task t : vm.tasks()) {
                tasks.put(vm.name() + "/" + t.name(), t);
            }
        }
        Map<String, Double> work = new HashMap<>(); // per job (lane @ release): its execution
        int coreRows = 0;
        int coreJobRows = 0;
        for (String line : lines) {
            String[] f = org.vmsched.TestCsv.cells(line).toArray(String[]::new);
            assertEquals(7, f.length, line);
            if (line == lines[0] || f[3].isEmpty()) { // the header, a mark
                continue;
            }
            Task t = tasks.get(f[0]);
            if (t == null) { // a core lane: a VM's slice, its overhead or its idle budget, each on one of its vCPUs
                assertTrue(f[0].startsWith("core "), line);
                String vm = f[1].equals("switch overhead") ? null : f[1].replace(" budget, no ready task", "");
                int vcpu = Integer.parseInt(f[4]);
                assertTrue(vcpu >= 0 && (vm == null || vcpu < vcpus.get(vm)), line);
                // a VM's slice that runs a job names its task beside the job's release, so the row says which job
                assertEquals(f[6].isEmpty(), f[5].isEmpty(), "a task exactly where a job: " + line);
                if (!f[5].isEmpty()) {
                    assertTrue(tasks.containsKey(vm + "/" + f[5]), "the task is one of the VM's: " + line);
                    coreJobRows++;
                }
                coreRows++;
                continue;
            }
            String vm = f[0].substring(0, f[0].indexOf('/'));
            int vcpu = Integer.parseInt(f[4]);
            assertTrue(vcpu >= 0 && vcpu < vcpus.get(vm), line);
            assertEquals(f[0].substring(f[0].indexOf('/') + 1), f[5], "a task lane's slice names its task: " + line);
            double release = Double.parseDouble(f[6]);
            double start = Double.parseDouble(f[2]);
            double end = Double.parseDouble(f[3]);
            assertEquals(0, Math.IEEEremainder(release, t.period()), 1e-9, "a release of the task (offset 0): " + line);
            assertTrue(release <= start && end <= release + t.deadline() + 1e-9, "within its job's window: " + line);
            work.merge(f[0] + "@" + f[6], end - start, Double::sum);
        }
        assertTrue(coreRows > 0);
        assertTrue(coreJobRows > 0, "core lanes show jobs");
        for (Map.Entry<String, Double> job : work.entrySet()) {
            Task t = tasks.get(job.getKey().substring(0, job.getKey().indexOf('@')));
            assertTrue(job.getValue() <= t.wcet() + 1e-9, "one job runs its wcet at most: " + job);
        }
        // the jobs released by 300 all completed (no miss): each ran its whole wcet, so no job's slice went to another
        for (Map.Entry<String, Task> t : tasks.entrySet()) {
            for (double release = 0; release + t.getValue().deadline() <= 300; release += t.getValue().period()) {
                Double done = work.get(t.getKey() + "@" + org.vmsched.text.Format.csv(release));
                assertEquals(t.getValue().wcet(), done == null ? 0 : done, 1e-9, t.getKey() + " released at " + release);
            }
        }
    }

    @Test
    void aPartitionedGanttKeepsItsFourColumns() throws Exception {
        Scenario s = ScenarioJson.load(java.nio.file.Path.of("scenarios/two-vms.json"));
        SimulationResult r = Simulator.run(s, SimulationOptions.from(s.simulation()).withHorizon(40.0), null);
        List<String> lines = List.of(ChartCsv.toCsv(GanttChartFactory.create(SimulationChartData.gantt(s, r, 50_000))).split("\n"));
        assertEquals(HEADER, lines.get(0));
        for (String l : lines) {
            assertEquals(4, org.vmsched.TestCsv.cells(l).size(), l);
        }
    }
}
