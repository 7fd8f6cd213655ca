package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.Callable;
import java.util.function.LongSupplier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * User trial: {@code tmax … --alpha 1e-9:1:1e-5} (100,001 bandwidths, within the limits) ran for
 * half a minute without a word, where {@code design} and {@code simulate} print a progress line on
 * stderr after their first second. {@code tmax} and {@code simtmax} now do too; stdout is what it
 * was. The clock is the test's own: every reading moves it 0.4 s.
 */
class TmaxProgressTest {

    private static MainTest.Run slow(String command, String... args) {
        long[] now = {0};
        LongSupplier clock = () -> now[0] += 400_000_000L;
        Callable<Integer> cmd;
        if (command.equals("tmax")) {
            TmaxCommand t = new TmaxCommand();
            t.nanos = clock;
            cmd = t;
        } else {
            SimtmaxCommand t = new SimtmaxCommand();
            t.nanos = clock;
            cmd = t;
        }
        return MainTest.execute(cmd, args);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "tmax|scenarios/thesis-example.json --vm VM1 --alpha 0.3:0.5:0.05|Tmax of VM1: ",
        "tmax|scenarios/thesis-example.json --vm VM1 --alpha 0.3:0.5:0.05 --json|Tmax of VM1: ",
        "tmax|scenarios/two-vms.json --vm control --alpha 0.6:0.9:0.05 --alone|Tmax of control: ",
        "simtmax|scenarios/thesis-example.json --vm VM1 --alpha 0.4,0.5 --grid 20|simulated Tmax of VM1: "})
    void aLongSweepSaysHowFarItIsOnStderrAndStdoutIsUnchanged(String command, String args, String phrase) {
        String[] a = args.split(" ");
        MainTest.Run quick = MainTest.run(DesignProgressTest.withCommand(command, a));
        assertEquals(0, quick.status(), quick.err());
        DesignProgressTest.assertSaysHowFar(quick, slow(command, a), phrase);
    }
}
