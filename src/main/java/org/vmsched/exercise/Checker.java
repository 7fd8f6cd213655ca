package org.vmsched.exercise;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;

/**
 * Checks a student's values step by step: which are right, and for the first wrong one what the
 * step computes with the student's own earlier numbers put into its formula, and which rounded
 * quotient would explain the wrong value, without showing any later step. A step after a wrong
 * one that follows correctly from the student's own numbers is said to follow (the method is
 * right). Stateless.
 */
public final class Checker {

    private Checker() {
    }

    /** How one step's answer was judged. */
    public enum Status {
        /** Exactly the step's value. */
        RIGHT,
        /** The value rounded to the digits given: right, but give it exactly. */
        ROUNDED,
        /** Not the value, but what the formula gives with the student's own earlier (wrong or rounded) numbers. */
        FOLLOWS,
        /** Wrong. */
        WRONG,
        /** Not answered. */
        MISSING
    }

    /**
     * One step's judgement.
     *
     * @param index the step's index, from 0
     * @param symbol the step's symbol
     * @param status the judgement
     * @param given the value given, or null when missing
     */
    public record StepResult(int index, String symbol, Status status, ExactValue given) {
    }

    /**
     * A checked answer: every step's judgement, the explanation of the first wrong step (null
     * when none is wrong), and the score.
     *
     * @param steps one per step of the exercise
     * @param firstWrong the index of the first wrong step, or -1
     * @param explanation what the first wrong step computes with the student's numbers, or null
     * @param score the steps right (exactly or rounded)
     */
    public record Report(List<StepResult> steps, int firstWrong, String explanation, int score) {

        public Report {
            steps = List.copyOf(steps);
        }

        /** Whether every step is right (exactly or rounded). */
        public boolean allRight() {
            return score == steps.size();
        }
    }

    /**
     * Checks {@code answers} (one per step at most; a null entry is a step not answered) against
     * the exercise's worked solution.
     */
    public static Report check(Exercise e, List<ExactValue> answers) {
        return check(e, e.solution(), answers);
    }

    /**
     * {@link #check(Exercise, List)} against {@code truth}, the exercise's {@link Exercise#solution()}
     * worked once by the caller: working it is most of a check's cost, and a caller that checks
     * several answer files of one exercise (a hint after a check, the kind tests' one altered step
     * at a time) need not work it for each.
     */
    static Report check(Exercise e, List<Worked> truth, List<ExactValue> answers) {
        if (answers.size() > e.steps().size()) {
            throw new InvalidExerciseException("answers has " + answers.size() + " values; the exercise has "
                    + e.steps().size() + " steps");
        }
        List<ExactValue> mine = new ArrayList<>();
        List<StepResult> out = new ArrayList<>();
        int firstWrong = -1;
        String explanation = null;
        int score = 0;
        for (int i = 0; i < e.steps().size(); i++) {
            Step step = e.steps().get(i);
            ExactValue a = i < answers.size() ? answers.get(i) : null;
            // a step not answered counts with the true value, so later steps can still be checked
            Status s;
            Worked own = null;
            if (a == null) {
                s = Status.MISSING;
            } else {
                ExactValue.Match m = a.against(truth.get(i).value());
                if (m == ExactValue.Match.RIGHT) {
                    s = Status.RIGHT;
                } else if (m == ExactValue.Match.ROUNDED) {
                    s = Status.ROUNDED;
                } else {
                    // the step's formula on the student's numbers, worked only for a value that is not the step's:
                    // a right one needs no explanation (this halved a check's work, BENCHMARKS.md)
                    own = step.rule().apply(List.copyOf(mine));
                    s = a.against(own.value()) == ExactValue.Match.RIGHT ? Status.FOLLOWS : Status.WRONG;
                }
            }
            if (s == Status.RIGHT || s == Status.ROUNDED) {
                score++;
            }
            if (s == Status.WRONG && firstWrong < 0) {
                firstWrong = i;
                explanation = explain(i, step, a, own);
            }
            out.add(new StepResult(i, step.symbol(), s, a));
            mine.add(a == null ? truth.get(i).value() : a);
        }
        return new Report(out, firstWrong, explanation, score);
    }

    /** What step {@code i} computes with the student's numbers, and a quotient that explains the wrong value. */
    private static String explain(int i, Step step, ExactValue given, Worked own) {
        StringBuilder s = new StringBuilder("step " + (i + 1) + " (" + step.symbol() + "): you wrote " + given.text()
                + "; with your numbers " + own.working() + (own.working().endsWith(".") ? "" : "."));
        String slip = slip(given, own);
        if (slip != null) {
            s.append(' ').append(slip);
        }
        return s.toString();
    }

    /** "you used ⌈14/16⌉ = 0 for t1; ⌈14/16⌉ = 1" when one other value of one quotient gives the answer. */
    static String slip(ExactValue given, Worked own) {
        if (!given.isNumber() || !own.value().isNumber()) {
            return null;
        }
        BigFraction diff = given.number().subtract(own.value().number());
        for (Worked.Term t : own.terms()) {
            if (t.weight().getNumerator().signum() == 0) {
                continue;
            }
            BigFraction units = diff.divide(t.weight());
            if (!units.getDenominator().equals(BigInteger.ONE)) {
                continue;
            }
            BigInteger used = t.value().add(units.getNumerator());
            if (used.signum() < 0) {
                continue;
            }
            String what = t.what().isEmpty() ? "" : " " + t.what();
            return "You seem to have used " + t.text() + " = " + used + what + "; " + t.text() + " = " + t.value() + ".";
        }
        return null;
    }

    /**
     * The hint for the next step: the first step not right, its formula and its value worked with
     * the student's earlier numbers (no later step); null when every step is right.
     */
    public static String hint(Exercise e, List<ExactValue> answers) {
        List<Worked> solution = e.solution();
        Report r = check(e, solution, answers);
        List<ExactValue> truth = solution.stream().map(Worked::value).toList();
        List<ExactValue> mine = new ArrayList<>();
        for (int i = 0; i < e.steps().size(); i++) {
            StepResult sr = r.steps().get(i);
            if (sr.status() != Status.RIGHT && sr.status() != Status.ROUNDED) {
                Step step = e.steps().get(i);
                Worked w = step.rule().apply(List.copyOf(mine));
                return "step " + (i + 1) + " (" + step.symbol() + "), " + step.prompt() + ": " + step.formula()
                        + "; with your numbers " + w.working();
            }
            mine.add(sr.given() == null ? truth.get(i) : sr.given());
        }
        return null;
    }
}
