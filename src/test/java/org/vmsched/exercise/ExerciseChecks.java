package org.vmsched.exercise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

/** The properties every kind's exercises share, asserted by each kind's property test. */
final class ExerciseChecks {

    private ExerciseChecks() {
    }

    /** The solution passes the checker, and each single altered step is caught at that step. */
    static void checkerCatchesEveryAlteredStep(Exercise e) {
        // the solution worked once: each check below would work it again (most of a check's cost)
        List<Worked> solution = e.solution();
        List<ExactValue> right = solution.stream().map(Worked::value).toList();
        Checker.Report all = Checker.check(e, solution, right);
        assertTrue(all.allRight(), "the solution must pass");
        assertEquals(-1, all.firstWrong());
        for (int i = 0; i < right.size(); i++) {
            List<ExactValue> a = new ArrayList<>(right);
            a.set(i, altered(e.steps().get(i), right.get(i)));
            Checker.Report r = Checker.check(e, solution, a);
            assertEquals(i, r.firstWrong(), "step " + i + " altered");
            assertEquals(right.size() - 1, r.score(), "only the altered step loses its point");
        }
    }

    /** Another value the step accepts: one more for a number, the next of its words for a word. */
    private static ExactValue altered(Step step, ExactValue v) {
        if (v.isNumber()) {
            return ExactValue.of(v.number().add(1));
        }
        List<String> words = step.choices();
        return ExactValue.word(words.get((words.indexOf(v.word()) + 1) % words.size()));
    }
}
