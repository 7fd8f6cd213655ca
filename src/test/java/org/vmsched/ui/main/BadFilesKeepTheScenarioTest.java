package org.vmsched.ui.main;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.vmsched.model.InvalidScenarioException;
import org.vmsched.model.Limits;
import org.vmsched.ui.main.MainViewModel.TaskField;
import org.vmsched.ui.main.MainViewModel.VmField;

/**
 * Issue 12 in the desktop tool: opening any of the findings' files refuses it with a bounded,
 * printable message (which the view shows in its error dialog) and keeps the current scenario;
 * typing the findings' values shows them red and never enters the model. Plain JUnit.
 */
class BadFilesKeepTheScenarioTest {

    @TempDir
    Path dir;

    MainViewModel vm;

    @BeforeEach
    void openThesisExample() throws InvalidScenarioException {
        vm = MainViewModelTest.thesisExample();
    }

    @ParameterizedTest
    @ValueSource(strings = {"cores\": 2147483647", "cores\": 4294967297", "\"budget\": 5e-324", "\"schemaVersion\": 4294967297",
        "\"name\": \"\\u001b[31m\\u0007\\n", "\"wcet\": 4.9e-324"})
    void aFindingsFileIsRefusedWithAShortMessageAndTheScenarioStays(String edit) throws Exception {
        String text = Files.readString(Path.of("scenarios/thesis-example.json"))
                .replace("cores\": 1", edit.startsWith("cores") ? edit : "cores\": 1")
                .replace("\"budget\": 4", edit.startsWith("\"budget") ? edit : "\"budget\": 4")
                .replace("\"schemaVersion\": 1", edit.startsWith("\"schema") ? edit : "\"schemaVersion\": 1")
                .replace("\"name\": \"VM1", edit.startsWith("\"name") ? edit + "VM1" : "\"name\": \"VM1")
                .replace("\"wcet\": 2", edit.startsWith("\"wcet") ? edit : "\"wcet\": 2");
        assertRefusedAndKept(Files.writeString(dir.resolve("bad.json"), text));
    }

    @Test
    void hugeOrDeepOrEndlessFilesAreRefusedAndTheScenarioStays() throws Exception {
        assertRefusedAndKept(Files.writeString(dir.resolve("deep.json"),
                "{\"schemaVersion\":1,\"name\":\"x\",\"vms\":" + "[".repeat(1001) + "]".repeat(1001) + "}"));
        assertRefusedAndKept(Files.writeString(dir.resolve("long.json"), "{\"name\":\"" + "x".repeat(1_000_000) + "\"}"));
        StringBuilder vms = new StringBuilder("[");
        for (int i = 0; i < 20_000; i++) {
            vms.append(i == 0 ? "" : ",").append("{\"name\":\"v").append(i).append("\",\"period\":-1,\"budget\":4,\"tasks\":[]}");
        }
        assertRefusedAndKept(Files.writeString(dir.resolve("many.json"),
                "{\"schemaVersion\":1,\"name\":\"x\",\"vms\":" + vms + "]}"));
        if (Files.exists(Path.of("/dev/zero"))) {
            assertRefusedAndKept(Path.of("/dev/zero"));
        }
    }

    private void assertRefusedAndKept(Path file) {
        var before = vm.scenario();
        InvalidScenarioException e = assertThrows(InvalidScenarioException.class, () -> vm.open(file));
        String m = e.getMessage();
        assertTrue(m.length() <= Limits.MAX_MESSAGE, "a message of " + m.length() + " characters");
        assertTrue(Limits.printable(m), "control characters in: " + m);
        assertEquals(before, vm.scenario(), "the current scenario is kept");
    }

    @Test
    void typedFindingsValuesAreShownRedAndNeverEnterTheModel() {
        assertFalse(vm.setVmFieldLive(0, VmField.BUDGET, "5e-324"));
        assertNotNull(vm.problemAt("vms[0].budget"));
        assertEquals(4, vm.scenario().vms().get(0).budget());
        assertFalse(vm.setVmFieldLive(0, VmField.CORE, "4294967297"));
        assertNotNull(vm.problemAt("vms[0].core"));
        vm.setTaskField(0, 0, TaskField.PERIOD, "1e308");
        assertNotNull(vm.problemAt("vms[0].tasks[0].period"));
        assertEquals(16, vm.scenario().vms().get(0).tasks().get(0).period());
    }
}
