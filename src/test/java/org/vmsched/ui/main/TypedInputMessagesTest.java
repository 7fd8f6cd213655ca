package org.vmsched.ui.main;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.model.Limits;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * Issue 12 for the window: a value typed into a field is quoted in its red message the way the
 * loader quotes one (at most {@link Limits#MAX_QUOTED} characters, control characters escaped),
 * so pasting a megabyte or an escape sequence cannot flood the tooltip or the status line.
 */
class TypedInputMessagesTest {

    private static final Scenario S = Scenario.of("s",
            List.of(VirtualMachine.of("VM1", 10, 4, 0, List.of(Task.of("t1", 2, 16)))));

    @Test
    void aLongOrControlValueIsQuotedBoundedAndPrintable() {
        String typed = "x".repeat(1_000_000) + "\u001b[31m\u0007\n";
        for (String path : List.of("vms[0].tasks[0].wcet", "vms[0].period", "vms[0].core")) {
            TypedInput.Typed t = TypedInput.typed(S, path, typed);
            assertNotNull(t.error(), path);
            assertTrue(t.error().length() < 200, path + ": " + t.error().length() + " characters");
            String tail = TypedInput.typed(S, path, "12\u001b[31m").error();
            assertFalse(tail.chars().anyMatch(c -> c < 0x20), path + ": " + tail);
        }
    }
}
