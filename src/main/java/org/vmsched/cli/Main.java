package org.vmsched.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.vmsched.analysis.AnalysisLimitException;
import org.vmsched.io.AppVersion;
import org.vmsched.model.InvalidInputException;
import org.vmsched.model.Limits;
import org.vmsched.policy.PolicyRegistry;
import org.vmsched.sim.SimulationInputException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code vmsched} command: subcommands for analysis, simulation and experiments; with no
 * subcommand it opens the desktop tool, and a scenario file ({@code *.json}) or a {@code gui}
 * option as the first argument is read as {@code gui} with those arguments (the installed
 * launcher, a file opened with it from a file manager). Exit status
 * 0 on success (also for "not schedulable"), 2 on bad input or input past a limit (a file, an
 * option; every numeric option is range-checked by {@link OptionCheck} before a command runs),
 * 1 only on an internal error, 130 when Ctrl-C interrupted an {@code experiment} or a {@code measure}.
 */
// scope INHERIT: every subcommand's -V/--version (its --help lists it) prints the top level's line;
// without the provider picocli printed nothing and exited 0
@Command(name = "vmsched", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        scope = CommandLine.ScopeType.INHERIT,
        description = "Real-time virtual machines: analysis and simulation side by side.")
public final class Main implements Runnable {

    /**
     * The subcommands, in the usage's order. Not in the annotation: picocli reads every option of
     * every subcommand (and loads the types of all their methods, Jackson's and JavaFX's among them)
     * when it builds the command line, about half a second of a command's CPU for the 12 it does not
     * run; {@link #commandLine} registers only the one named.
     */
    static final List<Class<?>> COMMANDS = List.of(AnalyzeCommand.class, TmaxCommand.class, BudgetCommand.class,
            SimulateCommand.class, SimtmaxCommand.class, ExperimentCommand.class, CompareCommand.class,
            LatencyStudyCommand.class, ReproduceCommand.class, DesignCommand.class, ExportConfigCommand.class,
            ImportCommand.class, ExerciseCommand.class, TraceCommand.class, MeasureCommand.class, GuiCommand.class);

    /**
     * The command line for {@code args}: with only the subcommand {@code args[0]} names when it names
     * one, else (no arguments, {@code --help}, {@code --version}, a mistyped name) with all of them,
     * so the usage lists every subcommand and a typo gets picocli's own message.
     */
    static CommandLine commandLine(String... args) {
        return commandLine(CommandLine.defaultFactory(), args);
    }

    /** As {@link #commandLine(String...)}, the subcommands made by {@code factory} (a test's seam). */
    static CommandLine commandLine(CommandLine.IFactory factory, String... args) {
        CommandLine cl = new CommandLine(new Main(), factory);
        Class<?> only = null;
        for (Class<?> c : COMMANDS) {
            if (args.length > 0 && c.getAnnotation(Command.class).name().equals(args[0])) {
                only = c;
            }
        }
        for (Class<?> c : COMMANDS) {
            if (only == null || c == only) {
                cl.addSubcommand(c);
            }
        }
        // picocli's own: `vmsched help` and `vmsched help analyze` print a usage, as --help does
        cl.addSubcommand("help", new CommandLine.HelpCommand());
        OptionCheck.registerConverters(cl);
        return cl;
    }

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /**
     * As {@link #run(String[], PrintWriter, PrintWriter)}, scenario files read with the policies of
     * {@code registry} (a test's own policy, which the built-in registry does not list).
     */
    public static int run(String[] args, PrintWriter out, PrintWriter err, PolicyRegistry registry) {
        return CliSupport.withRegistry(registry, () -> run(args, out, err));
    }

    /** Runs the command line and returns the exit status; output goes to {@code out} and {@code err}. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        return run(args, out, err, CommandLine.defaultFactory());
    }

    /** As {@link #run(String[], PrintWriter, PrintWriter)}, the subcommands made by {@code factory} (a test's seam). */
    static int run(String[] args, PrintWriter out, PrintWriter err, CommandLine.IFactory factory) {
        args = guiShorthand(args);
        CommandLine cl = commandLine(factory, args);
        cl.setOut(out);
        cl.setErr(err);
        cl.setExecutionStrategy(parsed -> {
            OptionCheck.check(parsed);
            return new CommandLine.RunLast().execute(parsed);
        });
        cl.setExecutionExceptionHandler((ex, line, parsed) -> {
            if (ex instanceof InterruptedCommandException i) {
                return i.status(); // the command has said what was interrupted
            }
            if (ex instanceof BadInputException || ex instanceof AnalysisLimitException
                    || ex instanceof SimulationInputException
                    || ex instanceof InvalidInputException) {
                // input wrong or past a limit: the message alone, never the exception's class
                err.println("error: " + Limits.oneLine(ex.getMessage(), Limits.MAX_MESSAGE));
                err.flush();
                return 2;
            }
            err.println("internal error: " + Limits.oneLine(ex.toString(), Limits.MAX_MESSAGE));
            err.flush();
            return 1;
        });
        cl.setParameterExceptionHandler((ex, args1) -> {
            // picocli echoes the bad value: keep it to one printable, bounded line.
            CommandLine c = ex.getCommandLine();
            String ours = OptionCheck.unreadable(ex);
            c.getErr().println("error: " + Limits.oneLine(ours != null ? ours : ex.getMessage(), Limits.MAX_MESSAGE));
            if (ours == null) {
                // a usage error (unknown option, missing argument): where to read the usage; a value
                // that is no number of its option's type is a range error, one line as every other
                c.getErr().println("Try '" + c.getCommandSpec().qualifiedName() + " --help' for more information.");
            }
            c.getErr().flush();
            return 2;
        });
        try {
            return cl.execute(args);
        } catch (OutOfMemoryError | StackOverflowError e) {
            err.println("internal error: " + e + " (the problem is too large for this JVM's memory; try -Xmx)");
            err.flush();
            return 1;
        }
    }

    /** {@code --version}: the pom's version (no display needed: nothing of JavaFX is loaded). */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {AppVersion.line()};
        }
    }

    /** The options of {@code gui} that may open a command line without the word "gui". */
    private static final Set<String> GUI_OPTIONS = Set.of("--snapshot", "--snapshot-tab", "--present",
            "--simulate");

    /**
     * {@code vmsched FILE.json [gui options]} as {@code vmsched gui FILE.json …}; anything else
     * unchanged, so a mistyped subcommand still gets picocli's "unmatched argument" message.
     */
    static String[] guiShorthand(String[] args) {
        if (args.length == 0) {
            return args;
        }
        String first = args[0];
        boolean gui = GUI_OPTIONS.contains(first) || first.toLowerCase(Locale.ROOT).endsWith(".json");
        if (!gui) {
            return args;
        }
        String[] withGui = new String[args.length + 1];
        withGui[0] = "gui";
        System.arraycopy(args, 0, withGui, 1, args.length);
        return withGui;
    }

    /** No subcommand: open the desktop tool (as {@code gui}); {@code --help} prints the usage instead. */
    @Override
    public void run() {
        GuiCommand.launch(new String[0]);
    }
}
