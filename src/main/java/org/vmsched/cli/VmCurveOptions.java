package org.vmsched.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The arguments shared by the commands that sweep one VM's bandwidth ({@code tmax},
 * {@code simtmax}): the scenario file, the VM and the list of bandwidths. A picocli mixin.
 */
public final class VmCurveOptions {

    @Parameters(index = "0", paramLabel = "FILE", description = "Scenario file (JSON).")
    Path file;

    @Option(names = "--vm", required = true, description = "Name of the VM whose tasks are used.")
    String vmName;

    @Option(names = "--alpha", required = true, description = "Bandwidths: from:to:step or a comma list, each between 1e-9 and 1.")
    String alpha;

    /** The bandwidths, each between 1e-9 and 1, or a bad-input error naming --alpha. */
    double[] alphas() {
        return CliSupport.parseRange("--alpha", alpha, 1);
    }
}
