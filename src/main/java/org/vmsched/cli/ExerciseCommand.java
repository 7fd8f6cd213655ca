package org.vmsched.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import org.vmsched.exercise.Checker;
import org.vmsched.exercise.ExactValue;
import org.vmsched.exercise.Exercise;
import org.vmsched.exercise.ExerciseKind;
import org.vmsched.exercise.ExerciseText;
import org.vmsched.exercise.Exercises;
import org.vmsched.exercise.InvalidExerciseException;
import org.vmsched.io.ExerciseJson;
import org.vmsched.io.ReportPdf;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code exercise new|check|sheet} (issue 33): exercises a teacher hands out and the tool checks
 * step by step. {@code check} exits 0 when every step is right, 1 when one is not, 2 on bad input.
 */
@Command(name = "exercise", mixinStandardHelpOptions = true,
        subcommands = {ExerciseCommand.New.class, ExerciseCommand.Check.class, ExerciseCommand.Sheet.class},
        description = "Exercises for a course: make one (new), check a student's steps (check), make a sheet of"
                + " them with solutions (sheet).")
public final class ExerciseCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** The kind named on the command line, as bad input naming the kinds there are. */
    static ExerciseKind kind(String name) {
        try {
            return Exercises.kind("KIND", name);
        } catch (InvalidExerciseException e) {
            throw new BadInputException(e.getMessage());
        }
    }

    /** {@code exercise new KIND --seed S}: one exercise file, and its solution as an answer file. */
    @Command(name = "new", mixinStandardHelpOptions = true,
            description = "Make an exercise file from a seed (the same seed gives the same file); with --solution"
                    + " also its worked solution as an answer file.")
    static final class New implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "KIND", description = "The kind of exercise: rta, sbf, host, edf, budget, tmax, gantt.")
        String kind;

        @Option(names = "--seed", description = "The seed (default 1): the same seed gives the same exercise.")
        long seed = 1;

        @Option(names = "--level", description = "1 (numbers to work by hand) to 3 (harder); default 1.")
        @Bounds(min = 1, max = ExerciseKind.MAX_LEVEL)
        int level = 1;

        @Option(names = "--out", paramLabel = "FILE", description = "Write the exercise here (default: print it).")
        Path out;

        @Option(names = "--solution", paramLabel = "FILE", description = "Write the worked solution here, as an answer file.")
        Path solution;

        @Override
        public Integer call() {
            ExerciseKind k = kind(kind);
            if (out != null) {
                CliSupport.outputFile("--out", out);
            }
            if (solution != null) {
                CliSupport.outputFile("--solution", solution);
            }
            Exercise e = k.generate(seed, level);
            String text = ExerciseJson.toJson(e);
            if (out == null) {
                spec.commandLine().getOut().print(text);
                spec.commandLine().getOut().flush();
            } else {
                write("--out", out, text);
            }
            if (solution != null) {
                write("--solution", solution, ExerciseJson.answersJson(e.answers()));
            }
            return 0;
        }
    }

    /** {@code exercise check EXERCISE ANSWERS}: which steps are right; exit 1 when one is not. */
    @Command(name = "check", mixinStandardHelpOptions = true,
            description = "Check an answer file ({\"answers\": [\"14\", \"22/3\", ...]}, one value per step) against an"
                    + " exercise file: which steps are right, what the first wrong one computes with your numbers,"
                    + " the score. Exit 0 when every step is right, 1 when one is not, 2 on bad input.")
    static final class Check implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "EXERCISE", description = "The exercise file (JSON).")
        Path exercise;

        @Parameters(index = "1", paramLabel = "ANSWERS", description = "The answer file (JSON).")
        Path answers;

        @Option(names = "--hint", description = "Also work the next step not yet right (that step only).")
        boolean hint;

        @Option(names = "--json", description = "Print one JSON object.")
        boolean json;

        @Override
        public Integer call() {
            Exercise e;
            List<ExactValue> given;
            try {
                e = ExerciseJson.load(exercise);
                given = ExerciseJson.loadAnswers(answers, e);
            } catch (InvalidExerciseException x) {
                throw new BadInputException(x.getMessage());
            }
            Checker.Report r = Checker.check(e, given);
            String next = hint ? Checker.hint(e, given) : null;
            PrintWriter out = spec.commandLine().getOut();
            if (json) {
                ObjectNode root = CliSupport.object();
                root.put("kind", e.kind());
                root.put("allRight", r.allRight());
                root.put("score", r.score());
                root.put("steps", e.steps().size());
                if (r.firstWrong() >= 0) {
                    root.put("firstWrong", r.firstWrong() + 1);
                    root.put("explanation", r.explanation());
                } else {
                    root.putNull("firstWrong");
                }
                ArrayNode a = root.putArray("results");
                for (Checker.StepResult s : r.steps()) {
                    ObjectNode n = a.addObject();
                    n.put("step", s.index() + 1);
                    n.put("symbol", s.symbol());
                    n.put("status", s.status().name().toLowerCase(Locale.ROOT));
                }
                if (hint) {
                    root.put("hint", next);
                }
                CliSupport.printJson(out, root);
            } else {
                ExerciseText.report(e, r).forEach(out::println);
                if (hint) {
                    out.println(next == null ? "Hint: nothing left; every step is right." : "Hint: " + next);
                }
                out.flush();
            }
            return r.allRight() ? 0 : 1;
        }
    }

    /** {@code exercise sheet}: questions.pdf, solutions.pdf and the exercise files, the same bytes for the same seed. */
    @Command(name = "sheet", mixinStandardHelpOptions = true,
            description = "Make a sheet of exercises: questions.pdf, solutions.pdf (every step worked) and each exercise"
                    + " with its solution as files to hand out; the same seed gives the same bytes.")
    static final class Sheet implements Callable<Integer> {
        /** The file that marks a folder as a sheet of ours (an earlier sheet may be replaced, nothing else). */
        static final String MARKER = "questions.pdf";

        @Spec
        CommandSpec spec;

        @Option(names = "--kinds", split = ",", paramLabel = "KIND", description = "Kinds, in turn (default: all).")
        List<String> kinds;

        @Option(names = "--count", description = "How many exercises (1 to 100; default 10).")
        @Bounds(min = 1, max = 100)
        int count = 10;

        @Option(names = "--seed", description = "The seed (default 1): the same seed gives the same sheet.")
        long seed = 1;

        @Option(names = "--level", description = "1 (numbers to work by hand) to 3 (harder); default 1.")
        @Bounds(min = 1, max = ExerciseKind.MAX_LEVEL)
        int level = 1;

        @Option(names = "--out", required = true, paramLabel = "DIR", description = "The folder to write (empty, or an earlier sheet).")
        Path dir;

        @Override
        public Integer call() {
            List<ExerciseKind> ks = new ArrayList<>();
            for (String k : kinds == null ? Exercises.KINDS.stream().map(ExerciseKind::name).toList() : kinds) {
                ks.add(kind(k.strip()));
            }
            CliSupport.outputFolder("--out", dir, MARKER, "a sheet of exercises");
            SplittableRandom seeds = new SplittableRandom(seed);
            List<Exercise> sheet = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                sheet.add(ks.get(i % ks.size()).generate(seeds.nextLong() >>> 1, level));
            }
            List<String> questions = new ArrayList<>();
            List<String> solutions = new ArrayList<>();
            for (int i = 0; i < sheet.size(); i++) {
                Exercise e = sheet.get(i);
                String file = fileName(i, e);
                for (List<String> lines : List.of(questions, solutions)) {
                    lines.add(ExerciseText.heading(i + 1, e) + "   [" + file + "]");
                    lines.add("");
                    lines.addAll(ExerciseText.lines(e, lines == solutions));
                    lines.add("");
                    lines.add("");
                }
            }
            String title = "Exercises (seed " + seed + ", level " + level + ")";
            CliSupport.writeFolder("--out", dir, MARKER, "a sheet of exercises", folder -> {
                ReportPdf.write(folder.resolve("questions.pdf"), title, questions, List.of(), String.join("\n", questions));
                ReportPdf.write(folder.resolve("solutions.pdf"), title + ": solutions", solutions, List.of(),
                        String.join("\n", solutions));
                for (int i = 0; i < sheet.size(); i++) {
                    Exercise e = sheet.get(i);
                    ExerciseJson.write(folder.resolve(fileName(i, e)), ExerciseJson.toJson(e));
                    ExerciseJson.write(folder.resolve(fileName(i, e).replace("exercise-", "solution-")),
                            ExerciseJson.answersJson(e.answers()));
                }
            });
            spec.commandLine().getOut().println("wrote " + sheet.size() + " exercises to " + dir
                    + ": questions.pdf, solutions.pdf, exercise-NN-KIND.json and solution-NN-KIND.json");
            spec.commandLine().getOut().flush();
            return 0;
        }

        private static String fileName(int i, Exercise e) {
            return "exercise-" + (i < 9 ? "0" : "") + (i + 1) + "-" + e.kind() + ".json";
        }
    }

    private static void write(String option, Path file, String text) {
        try {
            ExerciseJson.write(file, text);
        } catch (IOException x) {
            throw CliSupport.cannotWrite(option, file, x);
        }
    }
}
