package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSObject;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExerciseCommandTest {

    @TempDir
    Path dir;

    private Path exercise;
    private Path solution;

    private void make(String kind, long seed) {
        exercise = dir.resolve("e.json");
        solution = dir.resolve("s.json");
        MainTest.Run r = MainTest.run("exercise", "new", kind, "--seed", Long.toString(seed), "--out", exercise.toString(),
                "--solution", solution.toString());
        assertEquals(0, r.status(), r.err());
    }

    private Path answers(String json) throws Exception {
        Path a = dir.resolve("a" + System.nanoTime() + ".json");
        Files.writeString(a, json);
        return a;
    }

    @Test
    void theTeachersSolutionOfEveryKindIsAnAnswerFileThatPassesWithExitZero() {
        for (String kind : org.vmsched.exercise.Exercises.KINDS.stream().map(k -> k.name()).toList()) {
            make(kind, 11);
            MainTest.Run r = MainTest.run("exercise", "check", exercise.toString(), solution.toString());
            assertEquals(0, r.status(), kind + ": " + r.out() + r.err());
            assertTrue(r.out().contains("Score: "), r.out());
        }
    }

    @Test
    void aWrongStepExitsOneAndIsNamedWithTheFormulaAndTheStudentsNumbers() throws Exception {
        make("rta", 11);
        JsonNode right = MainTest.JSON.readTree(Files.readString(solution)).get("answers");
        StringBuilder a = new StringBuilder("{\"answers\": [");
        for (int i = 0; i < right.size(); i++) {
            String v = i == 1 ? Long.toString(Long.parseLong(right.get(i).asText()) + 1) : right.get(i).asText();
            a.append(i == 0 ? "" : ",").append('"').append(v).append('"');
        }
        a.append("]}");
        MainTest.Run r = MainTest.run("exercise", "check", exercise.toString(), answers(a.toString()).toString(), "--json");
        assertEquals(1, r.status(), r.err());
        JsonNode j = r.json();
        assertEquals(2, j.get("firstWrong").asInt());
        assertTrue(j.get("explanation").asText().startsWith("step 2 (B): you wrote "), j.get("explanation").asText());
        assertTrue(j.get("explanation").asText().contains("B = 2(T − C) + X = 2·("), j.get("explanation").asText());
    }

    @Test
    void badAnswersAndAnEditedExerciseExitTwoInOurWords() throws Exception {
        make("rta", 11);
        assertTrue(NewerCommandsBadInputTest.refused("exercise", "check", exercise.toString(),
                answers("{\"answers\": [\"two\"]}").toString()).contains("answers[0] (step 1) must be an integer"));
        assertTrue(NewerCommandsBadInputTest.refused("exercise", "check", exercise.toString(),
                answers("{\"answers\": [\"NaN\"]}").toString()).contains("got \"NaN\""));
        assertTrue(NewerCommandsBadInputTest.refused("exercise", "check", exercise.toString(),
                answers("{\"answers\": [NaN]}").toString()).contains("malformed JSON"));
        String many = "{\"answers\": [" + String.join(",", java.util.Collections.nCopies(10_000, "\"1\"")) + "]}";
        assertTrue(NewerCommandsBadInputTest.refused("exercise", "check", exercise.toString(), answers(many).toString())
                .contains("answers has 10000 values, but the exercise has "));
        String text = Files.readString(exercise);
        Path edited = dir.resolve("edited.json");
        Files.writeString(edited, text.replaceFirst("\"hash\" : \"(.)", "\"hash\" : \"$1x"));
        assertTrue(NewerCommandsBadInputTest.refused("exercise", "check", edited.toString(), solution.toString())
                .contains("steps[0].hash does not match"));
        assertTrue(NewerCommandsBadInputTest.refused("exercise", "new", "nope", "--seed", "1").contains("KIND must be one of"));
    }

    @Test
    void aSheetHasEmbeddedFontsAndTheSameBytesForTheSameSeed() throws Exception {
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        for (Path p : List.of(a, b)) {
            MainTest.Run r = MainTest.run("exercise", "sheet", "--kinds", "rta,sbf", "--count", "4", "--seed", "3",
                    "--out", p.toString());
            assertEquals(0, r.status(), r.err());
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(a)) {
            files = s.sorted().toList();
        }
        assertEquals(10, files.size(), files.toString());
        for (Path f : files) {
            assertArrayEquals(Files.readAllBytes(f), Files.readAllBytes(b.resolve(f.getFileName())), f.toString());
        }
        for (String pdf : List.of("questions.pdf", "solutions.pdf")) {
            try (PDDocument doc = Loader.loadPDF(a.resolve(pdf).toFile())) {
                List<COSObject> descriptors = doc.getDocument().getObjectsByType(COSName.FONT_DESC);
                assertFalse(descriptors.isEmpty(), pdf);
                for (COSObject o : descriptors) {
                    COSDictionary d = (COSDictionary) o.getObject();
                    assertTrue(d.containsKey(COSName.FONT_FILE2) || d.containsKey(COSName.FONT_FILE)
                            || d.containsKey(COSName.FONT_FILE3), pdf + ": a font not embedded");
                }
            }
        }
        MainTest.Run check = MainTest.run("exercise", "check", a.resolve("exercise-02-sbf.json").toString(),
                a.resolve("solution-02-sbf.json").toString());
        assertEquals(0, check.status(), check.err());
    }

    @Test
    void badAnswersToTmaxAndGanttExitTwoInOurWordsAndTheirSheetIsTheSameForTheSameSeed() throws Exception {
        make("tmax", 5);
        assertTrue(NewerCommandsBadInputTest.refused("exercise", "check", exercise.toString(),
                answers("{\"answers\": [\"two\"]}").toString()).contains("answers[0] (step 1) must be an integer"));
        assertTrue(NewerCommandsBadInputTest.refused("exercise", "check", exercise.toString(),
                answers("{\"answers\": [\"NaN\"]}").toString()).contains("got \"NaN\""));
        String many = "{\"answers\": [" + String.join(",", java.util.Collections.nCopies(10_000, "\"1\"")) + "]}";
        assertTrue(NewerCommandsBadInputTest.refused("exercise", "check", exercise.toString(), answers(many).toString())
                .contains("answers has 10000 values, but the exercise has "));
        make("gantt", 5);
        assertTrue(NewerCommandsBadInputTest.refused("exercise", "check", exercise.toString(),
                answers("{\"answers\": [\"nobody\"]}").toString()).matches("(?s).*answers\\[0\\] \\(step 1\\) must be .* or idle,"
                + " got \"nobody\".*"));
        assertTrue(NewerCommandsBadInputTest.refused("exercise", "check", exercise.toString(),
                answers("{\"answers\": [\"NaN\"]}").toString()).contains("got \"NaN\""));
        assertTrue(NewerCommandsBadInputTest.refused("exercise", "check", exercise.toString(), answers(many).toString())
                .contains("answers has 10000 values, but the exercise has "));
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        for (Path p : List.of(a, b)) {
            MainTest.Run r = MainTest.run("exercise", "sheet", "--kinds", "tmax,gantt", "--count", "2", "--seed", "9",
                    "--out", p.toString());
            assertEquals(0, r.status(), r.err());
        }
        for (String f : List.of("questions.pdf", "solutions.pdf", "exercise-01-tmax.json", "exercise-02-gantt.json")) {
            assertArrayEquals(Files.readAllBytes(a.resolve(f)), Files.readAllBytes(b.resolve(f)), f);
        }
        MainTest.Run check = MainTest.run("exercise", "check", a.resolve("exercise-02-gantt.json").toString(),
                a.resolve("solution-02-gantt.json").toString());
        assertEquals(0, check.status(), check.err());
    }
}
