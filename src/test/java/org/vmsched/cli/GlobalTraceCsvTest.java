package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * simulate --trace on a global scenario (a user's trial): the CSV had no vCPU column and no
 * migration mark, though the engine records both (THEORY.md §15.12: each slice names VM, vCPU and
 * task, the first slice after a migration is marked); in worst-case mode every row of a VM's
 * vCPU lanes said core 0. A partitioned trace keeps its documented columns byte for byte.
 */
class GlobalTraceCsvTest {

    private static final String GLOBAL_HEADER = "kind,core,vm,task,start,end,start_tick,end_tick,vcpu,migrated,job_release";

    @TempDir
    Path dir;

    private List<String> trace(String... args) throws Exception {
        Path csv = dir.resolve("t.csv");
        String[] all = new String[args.length + 2];
        System.arraycopy(args, 0, all, 0, args.length);
        all[args.length] = "--trace";
        all[args.length + 1] = csv.toString();
        MainTest.Run r = MainTest.run(all);
        assertEquals(0, r.status(), r.err());
        return Files.readAllLines(csv);
    }

    @Test
    void aGlobalTraceNamesEachSlicesVcpuAndMarksMigrations() throws Exception {
        Path s2 = dir.resolve("s2.json");
        Files.writeString(s2, org.vmsched.TestScenarios.GLOBAL_THREE_VMS);
        List<String> rows = trace("simulate", s2.toString(), "--horizon", "200");
        assertEquals(GLOBAL_HEADER, rows.get(0));
        boolean migrated = false;
        java.util.Map<String, Double> work = new java.util.HashMap<>();
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split(",", -1);
            assertEquals(11, f.length, row);
            if (f[0].equals("idle")) {
                assertEquals("", f[8], row);
                assertEquals("", f[9], row);
                assertEquals("", f[10], row);
                continue;
            }
            if (f[0].equals("execution")) { // the job it runs, by its release (the Gantt data's job release)
                double release = Double.parseDouble(f[10]);
                assertTrue(release <= Double.parseDouble(f[4]), row);
                work.merge(f[2] + "/" + f[3] + "@" + f[10], Double.parseDouble(f[5]) - Double.parseDouble(f[4]), Double::sum);
            } else if (f[0].startsWith("miss")) {
                assertEquals(f[4], f[10], "a miss is its job's: start is its release: " + row);
            } else {
                assertEquals("", f[10], "an overhead or idle budget runs no job: " + row);
            }
            int core = Integer.parseInt(f[1]);
            assertTrue(core >= 0 && core < 4, row);
            int vcpu = Integer.parseInt(f[8]);
            int vcpus = f[2].equals("web") ? 3 : f[2].equals("db") ? 2 : 1;
            assertTrue(vcpu >= 0 && vcpu < vcpus, row);
            assertTrue(f[9].equals("true") || f[9].equals("false"), row);
            migrated |= f[9].equals("true");
        }
        assertTrue(migrated, "s2 migrates vCPUs and jobs (simulate counts them), but no row is marked");
        assertEquals(2.0, work.get("web/a@40"), 1e-9, "a's second job (wcet 2), whatever vCPUs ran it");
        assertEquals(4.0, work.get("web/c@80"), 1e-9);
    }

    @Test
    void worstCaseRowsNameTheVcpuLaneAndNoCore() throws Exception {
        List<String> rows = trace("simulate", "scenarios/rtds-global-periodic.json", "--mode", "worst-case");
        assertEquals(GLOBAL_HEADER, rows.get(0));
        Set<String> lanes = new HashSet<>();
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split(",", -1);
            assertEquals("", f[1], "a global VM run alone has no core of its own (as simulate --json says): " + row);
            if (f[0].startsWith("miss")) {
                continue;
            }
            lanes.add(f[2] + " vCPU " + f[8]);
            assertEquals(f[0].equals("idle") ? "" : "false", f[9], "one vCPU alone on its lane never migrates: " + row);
        }
        assertEquals(Set.of("control vCPU 0", "control vCPU 1", "batch vCPU 0", "batch vCPU 1"), lanes);
    }

    @Test
    void aMissRowNamesItsJobByItsRelease() throws Exception {
        // partitioned-like overload: batch's u1 (2 of 10) given a budget of 1 per 10 misses every deadline
        Path over = dir.resolve("over.json");
        Files.writeString(over, Files.readString(Path.of("scenarios/rtds-global-periodic.json"))
                .replace("\"budget\": 3,", "\"budget\": 0.5,"));
        List<String> rows = trace("simulate", over.toString(), "--horizon", "40");
        int misses = 0;
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split(",", -1);
            assertEquals(11, f.length, row);
            if (f[0].equals("miss")) {
                misses++;
                assertEquals(f[4], f[10], row);
            }
        }
        assertTrue(misses > 0, "the overloaded batch VM misses");
    }

    @Test
    void aPartitionedTraceKeepsItsColumns() throws Exception {
        List<String> rows = trace("simulate", "scenarios/two-vms.json", "--horizon", "20");
        assertEquals("kind,core,vm,task,start,end,start_tick,end_tick", rows.get(0));
        assertEquals(8, rows.get(1).split(",", -1).length, rows.get(1));
    }
}
