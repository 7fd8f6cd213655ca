package org.vmsched.ui.main;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where the window's file dialogs open (a user trial: every export opened in the process's working
 * folder): in the folder of the open scenario file, in the folder last chosen in this session once
 * there is one, and in the user's home for an example that has no file. Plain JUnit, no toolkit.
 */
class DialogFoldersTest {

    static final Path HOME = Path.of(System.getProperty("user.home"));

    @Test
    void anExampleWithNoFileOpensTheDialogsInTheHomeFolder() throws Exception {
        MainViewModel vm = MainViewModelTest.thesisExample();
        assertEquals(HOME, vm.dialogFolder());
    }

    @Test
    void anOpenScenarioFileOpensTheDialogsInItsFolder(@TempDir Path dir) throws Exception {
        MainViewModel vm = MainViewModelTest.thesisExample();
        Path lecture = Files.createDirectories(dir.resolve("lecture"));
        vm.saveAs(lecture.resolve("mine.json"));
        assertEquals(lecture, vm.dialogFolder());
        Path other = Files.createDirectories(dir.resolve("other"));
        Files.copy(lecture.resolve("mine.json"), other.resolve("copy.json"));
        vm.open(other.resolve("copy.json"));
        assertEquals(other, vm.dialogFolder(), "the scenario opened last");
    }

    @Test
    void onceAFileWasChosenTheDialogsOpenWhereItWas(@TempDir Path dir) throws Exception {
        MainViewModel vm = MainViewModelTest.thesisExample();
        vm.saveAs(dir.resolve("mine.json"));
        Path figures = Files.createDirectories(dir.resolve("figures"));
        vm.dialogUsed(figures.resolve("gantt.png"));
        assertEquals(figures, vm.dialogFolder());
        vm.openExample("two-vms.json");
        assertEquals(figures, vm.dialogFolder(), "for the rest of the session");
        vm.dialogUsed(null); // a dialog cancelled
        assertEquals(figures, vm.dialogFolder());
    }

    @Test
    void aFolderThatIsGoneGivesWayToTheNextChoice(@TempDir Path dir) throws Exception {
        MainViewModel vm = MainViewModelTest.thesisExample();
        Path gone = Files.createDirectories(dir.resolve("gone"));
        vm.dialogUsed(gone.resolve("x.csv"));
        Files.delete(gone);
        assertEquals(HOME, vm.dialogFolder());
    }
}
