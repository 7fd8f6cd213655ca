package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.model.Limits;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Every option of every subcommand, enumerated from picocli's model (so an option added later is
 * covered without a line here), given NaN, -1, 0, 1e308, an empty string and garbage (issue 20).
 * A numeric option refuses each of them but a value in its range, with exit 2 and one line that
 * names the option and no Java class; no value of any option ends in an internal error at the
 * gate. Commands are not run for accepted values (some run for minutes); the option fuzz does.
 */
class EveryOptionTest {

    static final String[] VALUES = {"NaN", "-1", "0", "1e308", "", "garbage", "Infinity", "-Infinity", "1e-300"};

    /** Every (sub)command with its path of names, e.g. ["reproduce", "two-vm"]. */
    static List<List<String>> commands() {
        List<List<String>> out = new ArrayList<>();
        walk(Main.commandLine(), new ArrayList<>(), out);
        return out;
    }

    private static void walk(CommandLine cl, List<String> path, List<List<String>> out) {
        for (var e : cl.getSubcommands().entrySet()) {
            List<String> p = new ArrayList<>(path);
            p.add(e.getKey());
            out.add(p);
            walk(e.getValue(), p, out);
        }
    }

    static CommandSpec spec(CommandLine root, List<String> path) {
        CommandLine c = root;
        for (String name : path) {
            c = c.getSubcommands().get(name);
        }
        return c.getCommandSpec();
    }

    /** Valid values for what the command requires (its file, --vm, --alpha, ...), so only the tried option is wrong. */
    static List<String> required(CommandSpec spec) {
        List<String> out = new ArrayList<>();
        for (OptionSpec o : spec.options()) {
            if (o.required()) {
                out.add(o.longestName());
                out.add(switch (o.longestName()) {
                    case "--vm" -> "control";
                    case "--alpha" -> "0.5";
                    case "--target" -> "rtds";
                    // a folder a command must write (exercise sheet): in the temporary folder, never the checkout
                    case "--out" -> java.nio.file.Path.of(System.getProperty("java.io.tmpdir"), "vmsched-required-out").toString();
                    default -> "10";
                });
            }
        }
        for (var p : spec.positionalParameters()) {
            if (p.required()) {
                out.add(spec.name().equals("experiment") ? "scenarios/experiments/thesis-tmax.json" : "scenarios/two-vms.json");
            }
        }
        return out;
    }

    static boolean numeric(OptionSpec o) {
        Class<?> t = o.type().isArray() ? o.type().getComponentType() : o.type();
        if (java.util.Collection.class.isAssignableFrom(t) && o.auxiliaryTypes().length > 0) {
            t = o.auxiliaryTypes()[0];
        }
        return t == double.class || t == Double.class || t == float.class || t == Float.class || t == int.class
                || t == Integer.class || t == long.class || t == Long.class;
    }

    @Test
    void everyNumericOptionRefusesNanInfinityHugeEmptyAndGarbageWithOneLineNamingIt() {
        List<String> failures = new ArrayList<>();
        int checked = 0;
        CommandLine root = Main.commandLine();
        for (List<String> path : commands()) {
            CommandSpec spec = spec(root, path);
            List<String> required = required(spec);
            for (OptionSpec o : spec.options()) {
                if (o.usageHelp() || o.versionHelp() || o.arity().max() == 0) {
                    continue;
                }
                for (String v : VALUES) {
                    List<String> args = new ArrayList<>(path);
                    args.addAll(required);
                    args.add(o.longestName() + "=" + v); // '=' so that "" and "-1" are values, not options
                    String outcome = gate(args);
                    checked++;
                    boolean refused = outcome.startsWith("refused: ");
                    if (refused && (!Limits.printable(outcome) || outcome.contains("Exception")
                            || outcome.matches(".*\\b(java|org|com)\\.[a-z]+\\..*") || outcome.length() > 400)) {
                        failures.add(args + " -> unclear: " + outcome);
                    }
                    if (!numeric(o)) {
                        continue;
                    }
                    boolean mayPass = v.equals("0") || v.equals("-1") && o.longestName().equals("--seed");
                    if (!refused && !mayPass) {
                        failures.add(args + " -> accepted");
                    }
                    if (refused && !outcome.contains(o.longestName()) && !outcome.contains("'" + o.longestName())) {
                        failures.add(args + " -> does not name the option: " + outcome);
                    }
                }
            }
        }
        assertTrue(checked > 300, "only " + checked + " cases: the enumeration lost its options");
        assertEquals(List.of(), failures);
    }

    /**
     * Parses {@code args} (with valid values for what is required) and runs the option check,
     * as {@link Main#run} does before a command body (with the command line it builds, which holds
     * the named command alone): "accepted" or "refused: message".
     */
    static String gate(List<String> args) {
        CommandLine cl = Main.commandLine(args.toArray(String[]::new));
        try {
            CommandLine.ParseResult parsed = cl.parseArgs(args.toArray(String[]::new));
            OptionCheck.check(parsed);
            return "accepted";
        } catch (CommandLine.ParameterException e) {
            return "refused: " + e.getMessage(); // picocli's: not a number at all
        } catch (CommandLine.ExecutionException e) {
            return "refused: " + e.getMessage(); // ours: out of range
        }
    }

    @Test
    void aRefusedOptionExitsTwoThroughTheWholeCommandLine() {
        CommandLine root = Main.commandLine();
        for (List<String> path : commands()) {
            CommandSpec spec = spec(root, path);
            for (OptionSpec o : spec.options()) {
                if (!numeric(o)) {
                    continue;
                }
                List<String> args = new ArrayList<>(path);
                args.addAll(required(spec));
                args.add(o.longestName() + "=NaN");
                MainTest.Run r = MainTest.run(args.toArray(String[]::new));
                assertEquals(2, r.status(), args + " -> " + r.err());
                assertTrue(r.err().startsWith("error: "), r.err());
                assertEquals("", r.out(), args.toString());
            }
        }
    }
}
