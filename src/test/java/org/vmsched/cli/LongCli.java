package org.vmsched.cli;

import java.nio.file.Files;

/**
 * The long run of {@link OptionFuzzTest} (BENCHMARKS.md): runs its test method once, with the
 * number of runs from {@code -Dfuzz.cli.cases} and the seed from {@code -Dfuzz.seed}. Not a test.
 */
public final class LongCli {

    private LongCli() {
    }

    public static void main(String[] args) throws Exception {
        long t0 = System.nanoTime();
        OptionFuzzTest t = new OptionFuzzTest();
        t.tmp = Files.createTempDirectory("vmsched-cli-fuzz");
        t.randomOptionsExitZeroOrTwoWithOneBoundedPrintableLine();
        System.out.println("passed in " + (System.nanoTime() - t0) / 1e9 + " s");
    }
}
