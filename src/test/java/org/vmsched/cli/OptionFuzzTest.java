package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vmsched.model.Limits;

/**
 * Seeded fuzzing of the command line (issues 12 and 20): random commands with random values for
 * their options (every option of every command but the slow ones, read from picocli's model) (extreme, empty, malformed, with control characters) on the bundled scenarios. Every run
 * must exit 0 or 2 within the per-case limit, with at most one bounded, printable error line and
 * no internal error. {@code -Dfuzz.cli.cases=N} sets the number of runs (default 100; the long-fuzz profile 3,000).
 */
class OptionFuzzTest {

    static final int CASES = Integer.getInteger("fuzz.cli.cases", 100);
    static final long LIMIT_SECONDS = 30;

    @TempDir
    Path tmp;

    static final String[] FILES = {"scenarios/thesis-example.json", "scenarios/two-vms.json", "scenarios/overhead.json",
        "scenarios/not-schedulable.json", "scenarios/missing.json", "scenarios", "src/test/resources/foreign/carts-input.xml",
        "scenarios/latency/credit-1ms.json"};
    static final String[] VALUES = {"", ",", ":", "::", "0", "-0", "-1", "1", "0.5", "10", "1e308", "-1e308", "5e-324",
        "NaN", "Infinity", "0x1p3", "1e9", "1e-9", "2147483648", "99999999999999999999", "0.1:0.9:0.1", "0.9:0.1:0.1",
        "0:1:0", "0.1:0.2:1e-9", "0.3,0.5", ",0.5", "abc", "\u001b[31mred\u0007", "x".repeat(5000), "1\n2", "VM1",
        "control", "synchronous", "worst-case", "periodic", "deferrable", "continue", "abort", "7"};

    static final java.util.Set<String> SLOW = java.util.Set.of("experiment", "reproduce", "latency-study", "gui");

    /**
     * The commands fuzzed and their options, read from picocli's model, so an option added later is
     * fuzzed too. Left out: commands that run minutes on a valid value ({@code experiment},
     * {@code reproduce}, {@code latency-study}) and {@code gui}; {@link EveryOptionTest} checks
     * their options at the gate.
     */
    static final Map<String, String[]> OPTIONS = options();

    private static Map<String, String[]> options() {
        Map<String, String[]> out = new java.util.TreeMap<>();
        picocli.CommandLine root = Main.commandLine();
        root.getSubcommands().forEach((name, cl) -> {
            if (!SLOW.contains(name)) {
                add(out, name, cl);
            }
            // the commands of a command (exercise new, check, sheet; experiment merge, which is quick
            // where experiment is slow) are fuzzed too
            if (!SLOW.contains(name) || name.equals("experiment")) {
                cl.getSubcommands().forEach((sub, scl) -> add(out, name + " " + sub, scl));
            }
        });
        return out;
    }

    private static void add(Map<String, String[]> out, String name, picocli.CommandLine cl) {
        List<String> names = new ArrayList<>();
        for (picocli.CommandLine.Model.OptionSpec o : cl.getCommandSpec().options()) {
            if (!o.usageHelp() && !o.versionHelp()) {
                names.add(o.longestName());
            }
        }
        if (!names.isEmpty()) { // help: nothing to fuzz
            out.put(name, names.toArray(String[]::new));
        }
    }

    /**
     * The command line of {@code command} ("exercise new" is two words), read for its options' specs
     * only. One model of every command is built for all of them: each call built its own (every option
     * of every command), up to eight per case, 89 % of the test's CPU in a JFR profile (BENCHMARKS.md);
     * the runs themselves build theirs in {@code Main.run}, as before.
     */
    static picocli.CommandLine command(String command) {
        picocli.CommandLine cl = Model.ROOT;
        for (String word : command.split(" ")) {
            cl = cl.getSubcommands().get(word);
        }
        return cl;
    }

    /** The model {@link #command} reads, built on first use (lazily: the holder idiom). */
    private static final class Model {
        static final picocli.CommandLine ROOT = Main.commandLine();
    }

    /** Options that name a file or folder to write: given a fresh path in the temporary folder or /dev/null. */
    static boolean writes(String command, String option) {
        return command(command).getCommandSpec().findOption(option).type() == Path.class;
    }

    /**
     * The arguments before the options: a bundled file for most commands; for the exercise commands
     * a kind, or an exercise file of any kind and its solution made here (or a bundled file in their place).
     */
    List<String> positionals(String cmd, Random random) throws Exception {
        List<String> out = new ArrayList<>(List.of(cmd.split(" ")));
        String file = FILES[random.nextInt(FILES.length)];
        switch (cmd) {
            case "exercise new" -> out.add(random.nextInt(4) == 0 ? file : KINDS[random.nextInt(KINDS.length)]);
            case "exercise check" -> {
                String kind = KINDS[random.nextInt(KINDS.length)];
                Path ex = tmp.resolve("exercise-" + kind + ".json");
                Path solution = tmp.resolve("solution-" + kind + ".json");
                if (!java.nio.file.Files.exists(solution)) {
                    MainTest.Run made = MainTest.run(new String[] {"exercise", "new", kind, "--seed", "5",
                        "--out", ex.toString(), "--solution", solution.toString()});
                    assertEquals(0, made.status(), made.err());
                }
                out.add(random.nextInt(4) == 0 ? file : ex.toString());
                out.add(random.nextInt(3) == 0 ? file : solution.toString());
            }
            case "exercise sheet" -> { }
            default -> out.add(file);
        }
        return out;
    }

    /** Every exercise kind there is (tmax and gantt came after the fuzzer), read from the one list. */
    static final String[] KINDS = org.vmsched.exercise.Exercises.KINDS.stream()
            .map(org.vmsched.exercise.ExerciseKind::name).toArray(String[]::new);

    /** {@code exercise check} exits 1 when a step is wrong, which is an answer and not a failure. */
    static boolean allowed(String cmd, int status) {
        return status == 0 || status == 2 || (status == 1 && cmd.equals("exercise check"));
    }

    private static ExecutorService newPool() {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "cli-fuzz");
            t.setDaemon(true);
            return t;
        });
    }

    /** Issue 33: the exercise commands sit one level down, and the fuzzing did not reach them. */
    @Test
    void theCommandsOfACommandAreFuzzedToo() {
        assertEquals(List.of("exercise check", "exercise new", "exercise sheet", "experiment merge"),
                OPTIONS.keySet().stream().filter(c -> c.contains(" ")).toList());
    }

    @Test
    void randomOptionsExitZeroOrTwoWithOneBoundedPrintableLine() throws Exception {
        Random random = new Random(Long.getLong("fuzz.seed", 12));
        List<String> commands = new ArrayList<>(OPTIONS.keySet());
        commands.sort(null);
        Map<Integer, Integer> statuses = new LinkedHashMap<>();
        List<String> failures = new ArrayList<>();
        ExecutorService pool = newPool();
        try {
            for (int i = 0; i < CASES && failures.size() < 5; i++) {
                String cmd = commands.get(random.nextInt(commands.size()));
                List<String> args = positionals(cmd, random);
                String[] opts = OPTIONS.get(cmd);
                for (int k = random.nextInt(4); k >= 0; k--) {
                    String o = opts[random.nextInt(opts.length)];
                    args.add(o);
                    picocli.CommandLine.Model.OptionSpec spec = command(cmd).getCommandSpec().findOption(o);
                    if (writes(cmd, o)) {
                        args.add(random.nextBoolean() ? tmp.resolve("out" + i).toString() : "/dev/null");
                    } else if (spec.arity().max() > 0) {
                        args.add(VALUES[random.nextInt(VALUES.length)]);
                    }
                }
                if (!args.contains("--vm") && List.of(opts).contains("--vm") && random.nextInt(4) != 0) {
                    args.add("--vm");
                    args.add("VM1");
                }
                String[] argv = args.toArray(String[]::new);
                Future<MainTest.Run> f = pool.submit(() -> MainTest.run(argv));
                String why = null;
                try {
                    MainTest.Run r = f.get(LIMIT_SECONDS, TimeUnit.SECONDS);
                    statuses.merge(r.status(), 1, Integer::sum);
                    String err = r.err().strip();
                    String first = err.isEmpty() ? "" : err.split("\n")[0];
                    if (!allowed(cmd, r.status())) {
                        why = "exit " + r.status() + ": " + Limits.oneLine(err, 300);
                    } else if (err.contains("internal error") || err.contains("\tat ")) {
                        why = Limits.oneLine(err, 300);
                    } else if (first.length() > Limits.MAX_MESSAGE + 20 || !Limits.printable(first)) {
                        why = "unbounded or unprintable: " + Limits.oneLine(first, 300);
                    }
                } catch (TimeoutException e) {
                    f.cancel(true);
                    why = "over the time limit";
                    // the runaway keeps the pool's one thread: the next cases get a fresh one, or each
                    // of them would wait behind it and count as over the limit too (the long run of
                    // 2026-11-29: three of its five failures were such)
                    pool.shutdownNow();
                    pool = newPool();
                }
                if (why != null) {
                    failures.add(Limits.oneLine(String.join(" ", argv), 300) + " -> " + why);
                }
            }
        } finally {
            pool.shutdownNow();
        }
        System.out.println("cli fuzz: " + CASES + " runs: exit statuses " + statuses);
        assertEquals(List.of(), failures);
    }
}
