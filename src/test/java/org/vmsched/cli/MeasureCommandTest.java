package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code measure} without running anything: what it says is missing, read from a made-up machine
 * (the suite needs no root, rt-app or RT group scheduling), and what it refuses before looking.
 */
class MeasureCommandTest {

    /** A machine with RT groups, rt-app on the path and the given effective uid. */
    static Path[] machine(Path dir, boolean rtGroups, boolean rtApp, String uid) throws Exception {
        Path cg = Files.createDirectories(dir.resolve("cpu"));
        if (rtGroups) {
            Files.writeString(cg.resolve("cpu.rt_runtime_us"), "950000\n");
        }
        Path bin = Files.createDirectories(dir.resolve("bin"));
        if (rtApp) {
            Path exe = Files.writeString(bin.resolve("rt-app"), "#!/bin/sh\n");
            Files.setPosixFilePermissions(exe, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        Path status = Files.writeString(dir.resolve("status"), "Name:\tjava\nUid:\t1000\t" + uid + "\t1000\t1000\n");
        return new Path[] {cg, status, bin};
    }

    @Test
    void eachMissingPrerequisiteIsNamedInOneLine(@TempDir Path dir) throws Exception {
        Path[] m = machine(dir.resolve("a"), false, true, "0");
        assertTrue(MeasureCommand.missing(m[0], m[1], m[2].toString()).contains("no RT group scheduling"));
        m = machine(dir.resolve("b"), true, false, "0");
        assertTrue(MeasureCommand.missing(m[0], m[1], m[2].toString()).contains("rt-app is not installed"));
        m = machine(dir.resolve("c"), true, true, "1000");
        assertTrue(MeasureCommand.missing(m[0], m[1], m[2].toString()).contains("needs root"));
        m = machine(dir.resolve("d"), true, true, "0");
        assertNull(MeasureCommand.missing(m[0], m[1], m[2].toString()));
    }

    @Test
    void aScenarioTheKernelCannotRunIsRefusedBeforeAnythingRuns() {
        String m = NewerCommandsBadInputTest.refused("measure", "scenarios/two-vms.json", "--seconds", "1");
        assertTrue(m.contains("--target rt-app") && m.contains("EDF"), m);
        m = NewerCommandsBadInputTest.refused("measure", "scenarios/linux-rt-groups.json", "--seconds", "0");
        assertTrue(m.contains("--seconds"), m);
    }
}
