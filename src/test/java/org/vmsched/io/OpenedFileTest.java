package org.vmsched.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vmsched.exercise.Exercise;
import org.vmsched.exercise.Exercises;
import org.vmsched.model.InvalidScenarioException;

/** File > Open's reading (issue 33): a scenario or an exercise file, each as what it is; anything else one message. */
class OpenedFileTest {

    @TempDir
    Path dir;

    private Path write(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    private static Exercise rta() {
        return Exercises.kind("kind", "rta").generate(3, 1);
    }

    @Test
    void anExerciseFileIsReadAsTheExerciseItWasMadeFrom() throws Exception {
        Exercise e = rta();
        OpenedFile f = OpenedFile.load(write("ex.json", ExerciseJson.toJson(e)));
        Exercise read = assertInstanceOf(OpenedFile.ExerciseFile.class, f).exercise();
        assertEquals(e.scenario(), read.scenario());
        assertEquals(e.question(), read.question());
        assertEquals(e.steps().size(), read.steps().size());
    }

    @Test
    void aScenarioFileIsReadAsAScenario() throws Exception {
        String json = ScenarioJson.toJson(rta().scenario());
        OpenedFile f = OpenedFile.load(write("s.json", json));
        assertEquals(rta().scenario(), assertInstanceOf(OpenedFile.ScenarioFile.class, f).scenario());
    }

    @Test
    void aScenarioWithABadValueStillGetsTheScenarioLoadersMessage() throws Exception {
        String json = ScenarioJson.toJson(rta().scenario()).replace("\"budget\" : 2", "\"budget\" : -2");
        InvalidScenarioException x = assertThrows(InvalidScenarioException.class, () -> OpenedFile.load(write("s.json", json)));
        assertTrue(x.getMessage().contains("vms[0].budget"), x.getMessage());
    }

    @Test
    void aFileThatIsNeitherGetsOneMessageSayingSo() throws Exception {
        for (String text : new String[] {"{\"answers\": [\"4\", \"12\"]}", "[1, 2]", "{}", "\"text\""}) {
            Path p = write("other.json", text);
            InvalidScenarioException x = assertThrows(InvalidScenarioException.class, () -> OpenedFile.load(p), text);
            assertEquals(p + ": " + OpenedFile.NEITHER, x.getMessage(), text);
        }
    }

    @Test
    void notJsonAtAllIsNamedWithItsLine() throws Exception {
        Path p = write("bad.json", "vms: 1\n");
        InvalidScenarioException x = assertThrows(InvalidScenarioException.class, () -> OpenedFile.load(p));
        assertTrue(x.getMessage().startsWith(p.toString()) && x.getMessage().contains("line 1"), x.getMessage());
    }

    @Test
    void anEditedExerciseFileIsRefusedAsTheExerciseLoaderRefusesIt() throws Exception {
        String text = ExerciseJson.toJson(rta()).replace("\"budget\" : 2", "\"budget\" : 3");
        Path p = write("edited.json", text);
        InvalidScenarioException x = assertThrows(InvalidScenarioException.class, () -> OpenedFile.load(p));
        assertTrue(x.getMessage().startsWith(p.toString()) && x.getMessage().contains("the file was edited"), x.getMessage());
    }

    @Test
    void aCommandTakingAScenarioSaysAnExerciseFileIsOne() throws Exception {
        Path p = write("ex.json", ExerciseJson.toJson(rta()));
        InvalidScenarioException x = assertThrows(InvalidScenarioException.class, () -> ScenarioJson.load(p));
        assertTrue(x.getMessage().contains("this is an exercise file"), x.getMessage());
    }
}
