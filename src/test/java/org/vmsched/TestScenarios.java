package org.vmsched;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Scenarios several tests share, from the test resources. */
public final class TestScenarios {

    /**
     * A user trial's global scenario: three VMs of 3, 2 and 1 vCPUs (GLOBAL_EDF, GLOBAL_RM, EDF) on
     * 4 cores with a migration cost of 0.05; ten Gantt lanes, migrations in its runs.
     */
    public static final String GLOBAL_THREE_VMS = text("/global-three-vms.json");

    private TestScenarios() {
    }

    private static String text(String resource) {
        try (InputStream in = TestScenarios.class.getResourceAsStream(resource)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
