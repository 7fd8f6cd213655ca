package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Command;

/**
 * docs/reference/commands.md is generated from the picocli definitions (issue 31, item 5): the
 * committed file is what {@link CommandReference} writes today, and each command's section is what
 * {@code vmsched help COMMAND} prints.
 */
class CommandReferenceTest {

    @Test
    void theCommittedReferenceIsWhatTheProgramGeneratesToday() throws Exception {
        String committed = Files.readString(Path.of(CommandReference.FILE), StandardCharsets.UTF_8);
        assertEquals(CommandReference.markdown(), committed, CommandReference.FILE
                + " differs from the commands' definitions: regenerate it with " + CommandReference.REGENERATE);
    }

    @Test
    void eachCommandsSectionIsItsHelpAsPrinted() {
        String reference = CommandReference.markdown();
        for (Class<?> c : Main.COMMANDS) {
            String name = c.getAnnotation(Command.class).name();
            MainTest.Run help = MainTest.run("help", name);
            assertEquals(0, help.status(), help.err());
            assertTrue(reference.contains("## " + name + "\n\n```text\n" + help.out().stripTrailing() + "\n```\n"),
                    name + ": the reference's section is not what `vmsched help " + name + "` prints:\n" + help.out());
        }
    }
}
