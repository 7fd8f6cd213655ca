package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.vmsched.io.AppVersion;

/**
 * What a new user's trial of the command line found (issue 22): each test failed before its fix.
 */
class NewUserTrialTest {

    static final String GOOD = NewerCommandsBadInputTest.GOOD;

    /**
     * Every subcommand's --help lists "-V, --version Print version information and exit.", but
     * only the top level had a version: {@code vmsched analyze -V} printed nothing (exit 0).
     */
    @Test
    void everySubcommandPrintsTheVersionLine() {
        List<String> failures = new ArrayList<>();
        for (List<String> path : EveryOptionTest.commands()) {
            if (EveryOptionTest.spec(Main.commandLine(path.get(0)), path).optionsMap().get("--version") == null) {
                continue;
            }
            for (String flag : new String[] {"-V", "--version"}) {
                List<String> args = new ArrayList<>(path);
                args.add(flag);
                MainTest.Run r = MainTest.run(args.toArray(String[]::new));
                if (r.status() != 0 || !r.out().strip().equals(AppVersion.line()) || !r.err().isEmpty()) {
                    failures.add(args + " -> exit " + r.status() + ", out '" + r.out().strip() + "', err '" + r.err().strip() + "'");
                }
            }
        }
        assertEquals(List.of(), failures);
        assertTrue(MainTest.run("-V").out().strip().startsWith("VMSched "));
    }

    /**
     * A range message states the range its option accepts, in one wording, and echoes the value as
     * typed: {@code budget --period -5} said "must be 0 or between 1e-9 and 1e9", then {@code
     * --period 0} "must be a positive number, got 0.0"; {@code design --min-period 0} "must be a
     * finite number > 0, got 0.0"; {@code --alpha 1e-10} "got 1.0E-10"; {@code reproduce two-vm
     * --overhead} named 0 to 1e9 at the gate and refused 27000 in the command.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "budget GOOD --vm control --period 0                | --period must be between 1e-9 and 1e9, got 0",
        "budget GOOD --vm control --period -5               | --period must be between 1e-9 and 1e9, got -5",
        "budget GOOD --vm control --period 1e-10            | --period must be between 1e-9 and 1e9, got 1e-10",
        "simulate GOOD --horizon 0                          | --horizon must be between 1e-9 and 1e9, got 0",
        "simulate GOOD --horizon -0                         | --horizon must be between 1e-9 and 1e9, got -0",
        "simulate GOOD --resolution 0                       | --resolution must be between 1e-9 and 1e9, got 0",
        "simtmax GOOD --vm control --alpha 0.5 --horizon 0  | --horizon must be between 1e-9 and 1e9, got 0",
        "simtmax GOOD --vm control --alpha 0.5 --resolution 0 | --resolution must be between 1e-9 and 1e9, got 0",
        "compare GOOD --horizon 0                           | --horizon must be between 1e-9 and 1e9, got 0",
        "compare GOOD --window 0                            | --window must be between 1e-9 and 1e9, got 0",
        "tmax GOOD --vm control --alpha 0.5 --min-period 0  | --min-period must be between 1e-9 and 1e9, got 0",
        "latency-study --horizon 0                          | --horizon must be between 1e-9 and 1e9, got 0",
        "design GOOD --min-period 0                         | --min-period must be between 1e-9 and 1e9, got 0",
        "design GOOD --max-period 0                         | --max-period must be between 1e-9 and 1e9, got 0",
        "design GOOD --hypervisor-min-period 0              | --hypervisor-min-period must be between 1e-9 and 1e9, got 0",
        "tmax GOOD --vm control --alpha 1e-10               | --alpha: every value must be between 1e-9 and 1, got 1e-10",
        "tmax GOOD --vm control --alpha 0.5,0               | --alpha: every value must be between 1e-9 and 1, got 0",
        "tmax GOOD --vm control --alpha 0:1:0.1             | --alpha: every value must be between 1e-9 and 1, got 0",
        "simulate GOOD --max-jobs 1.5                       | --max-jobs must be an integer between 1 and 1e10, got 1.5",
        "simulate GOOD --max-jobs 2e10                      | --max-jobs must be an integer between 1 and 1e10, got 2e10",
        "reproduce two-vm --overhead 1e9                    | --overhead must be an integer between 0 and 26999 microseconds, got 1e9",
        "reproduce two-vm --overhead 27000                  | --overhead must be an integer between 0 and 26999 microseconds, got 27000"})
    void aRangeMessageNamesTheRangeTheOptionAcceptsAndTheValueAsTyped(String line, String expected) {
        String[] args = line.trim().replace("GOOD", GOOD).split("\\s+");
        assertEquals("error: " + expected.trim(), NewerCommandsBadInputTest.refused(args));
    }

    /** Both ends a range message names pass the gate (1e10 is a whole number), and 0 only when it names 0. */
    @Test
    void theEndsEveryRangeMessageNamesAreAccepted() {
        Pattern range = Pattern.compile(".* must be (an integer )?(0 or )?between (\\S+) and (\\S+)( [a-z]+)?, got 1e308$");
        List<String> failures = new ArrayList<>();
        for (List<String> path : EveryOptionTest.commands()) {
            for (var o : EveryOptionTest.spec(Main.commandLine(path.get(0)), path).options()) {
                if (!EveryOptionTest.numeric(o)) {
                    continue;
                }
                String refusal = gate(path, o.longestName(), "1e308");
                Matcher m = range.matcher(refusal);
                if (!m.matches()) {
                    failures.add(path + " " + o.longestName() + ": " + refusal);
                    continue;
                }
                for (String end : new String[] {m.group(3), m.group(4)}) {
                    String typed = end.replace("-2^63", Long.toString(Long.MIN_VALUE)).replace("2^63-1", Long.toString(Long.MAX_VALUE));
                    String outcome = gate(path, o.longestName(), typed);
                    if (!outcome.equals("accepted")) {
                        failures.add(path + " " + o.longestName() + " " + typed + " named in the range: " + outcome);
                    }
                }
                String zero = gate(path, o.longestName(), "0");
                boolean zeroNamed = m.group(2) != null || m.group(3).equals("0") || m.group(3).startsWith("-");
                if (zero.equals("accepted") != zeroNamed) {
                    failures.add(path + " " + o.longestName() + " 0: " + zero + " (range: " + refusal + ")");
                }
            }
        }
        assertEquals(List.of(), failures);
    }

    /** The options whose range the gate gives as "0 or ..." take 0 in their command too, where the command runs briefly. */
    @Test
    void anOptionTheGateTakesZeroForIsNotRefusedZeroByItsCommand() {
        List<String> failures = new ArrayList<>();
        for (List<String> path : EveryOptionTest.commands()) {
            if (OptionFuzzTest.SLOW.contains(path.get(0))) {
                continue;
            }
            for (var o : EveryOptionTest.spec(Main.commandLine(path.get(0)), path).options()) {
                if (!EveryOptionTest.numeric(o) || !gate(path, o.longestName(), "0").equals("accepted")) {
                    continue;
                }
                List<String> args = new ArrayList<>(path);
                args.addAll(EveryOptionTest.required(EveryOptionTest.spec(Main.commandLine(path.get(0)), path)));
                args.add(o.longestName());
                args.add("0");
                MainTest.Run r = MainTest.run(args.toArray(String[]::new));
                if (r.status() == 2 && r.err().contains(o.longestName())) {
                    failures.add(args + " -> " + r.err().strip());
                }
            }
        }
        assertEquals(List.of(), failures);
    }

    /**
     * A value that is no number of its option's type ("abc", 1.5 for an integer) printed the range
     * message and picocli's "Try 'vmsched ... --help'" under it, where a value out of range prints
     * the message alone: both are one line now.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "design GOOD --place --cores abc  | --cores must be an integer between 1 and 64 cores, got \"abc\"",
        "reproduce cbs-fpfp --seed abc    | --seed must be an integer between -2^63 and 2^63-1, got \"abc\"",
        "simulate GOOD --max-jobs 1.5     | --max-jobs must be an integer between 1 and 1e10, got 1.5",
        "simulate GOOD --horizon abc      | --horizon must be between 1e-9 and 1e9, got \"abc\"",
        "simulate GOOD --trace-cap 1e308  | --trace-cap must be an integer between 0 and 1e9, got 1e308",
        "simulate GOOD --max-jobs 0       | --max-jobs must be an integer between 1 and 1e10, got 0"})
    void aValueThatIsNoNumberIsOneLineAsAValueOutOfRange(String line, String expected) {
        MainTest.Run r = MainTest.run(line.trim().replace("GOOD", GOOD).split("\\s+"));
        assertEquals(2, r.status(), r.err());
        assertEquals("error: " + expected.trim(), r.err().strip());
        assertEquals("", r.out());
    }

    /** "1 deadline misses" and "1 ticks per time unit" in simulate's output: singular for 1. */
    @Test
    void oneMissAndOneTickAreSingular() {
        MainTest.Run r = MainTest.run("simulate", "scenarios/not-schedulable.json", "--mode", "worst-case", "--horizon", "40");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().lines().findFirst().orElseThrow().endsWith(", 1 deadline miss"), r.out());
        r = MainTest.run("simulate", "scenarios/overhead.json", "--resolution", "1", "--horizon", "10.5");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("note: values rounded to 1 tick per time unit;"), r.out());
        assertTrue(r.out().contains("is not a whole number of ticks at 1 tick per time unit;"), r.out());
        assertTrue(!r.out().contains("1 ticks") && !r.out().contains("1 deadline misses"), r.out());
    }

    /**
     * The top-level --help lists each command with the first line of its description: that of
     * experiment ended "... and writes a results folder:", a sentence cut at its colon.
     */
    @Test
    void everyCommandsEntryInTheTopLevelHelpIsAWholeSentence() {
        List<String> failures = new ArrayList<>();
        Main.commandLine().getSubcommands().forEach((name, cl) -> {
            var usage = cl.getCommandSpec().usageMessage();
            String first = usage.header().length > 0 ? usage.header()[0] : usage.description()[0];
            if (!first.strip().endsWith(".")) {
                failures.add(name + ": " + first);
            }
        });
        assertEquals(List.of(), failures);
        String help = MainTest.run("--help").out();
        assertTrue(!help.contains("results folder:"), help);
    }

    /** {@code vmsched help} was "Unmatched argument at index 0: 'help'"; picocli's help subcommand answers it. */
    @Test
    void helpIsACommand() {
        MainTest.Run r = MainTest.run("help");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().startsWith("Usage: vmsched ") && r.out().contains("analyze") && r.out().contains("help"), r.out());
        r = MainTest.run("help", "analyze");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().startsWith("Usage: vmsched analyze "), r.out());
        r = MainTest.run("help", "frobnicate");
        assertEquals(2, r.status(), r.out());
        assertTrue(r.err().startsWith("error: ") && r.err().contains("frobnicate"), r.err());
    }

    /** {@code --alpha 0.4,} (a trailing comma) was read as "0.4" silently: an empty item is refused, naming --alpha. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"0.4,", ",0.4", "0.4,,0.5", "0.4, ", ","})
    void anEmptyItemOfAnAlphaListIsRefused(String list) {
        for (String cmd : new String[] {"tmax", "simtmax"}) {
            String m = NewerCommandsBadInputTest.refused(cmd, GOOD, "--vm", "control", "--alpha", list);
            assertTrue(m.startsWith("error: --alpha: "), m);
        }
    }

    /** The gate's answer (as {@link Main#run} words it) for {@code option=value}: "accepted" or the message. */
    static String gate(List<String> path, String option, String value) {
        List<String> args = new ArrayList<>(path);
        List<String> required = EveryOptionTest.required(EveryOptionTest.spec(Main.commandLine(path.get(0)), path));
        int own = required.indexOf(option);
        if (own >= 0) {
            required.subList(own, own + 2).clear();
        }
        args.addAll(required);
        args.add(option + "=" + value);
        try {
            OptionCheck.check(Main.commandLine(path.get(0)).parseArgs(args.toArray(String[]::new)));
            return "accepted";
        } catch (picocli.CommandLine.ParameterException e) {
            String ours = OptionCheck.unreadable(e);
            return ours != null ? ours : e.getMessage();
        } catch (picocli.CommandLine.ExecutionException e) {
            return e.getMessage();
        }
    }
}
