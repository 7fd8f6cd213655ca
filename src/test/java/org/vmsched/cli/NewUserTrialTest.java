package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.io.AppVersion;

/**
 * What a new user's trial of the command line found (issue 22): each test failed before its fix.
 */
class NewUserTrialTest {

    static final String GOOD = NewerCommandsBadInputTest.GOOD;

    /**
     * Every subcommand's --help lists "-V, --version Print version information and exit.", but
     * only the top level had a version: {@code vmsched analyze -V} printed nothing (exit 0).
     */
    @Test
    void everySubcommandPrintsTheVersionLine() {
        List<String> failures = new ArrayList<>();
        for (List<String> path : EveryOptionTest.commands()) {
            if (EveryOptionTest.spec(Main.commandLine(), path).optionsMap().get("--version") == null) {
                continue;
            }
            for (String flag : new String[] {"-V", "--version"}) {
                List<String> args = new ArrayList<>(path);
                args.add(flag);
                MainTest.Run r = MainTest.run(args.toArray(String[]::new));
                if (r.status() != 0 || !r.out().strip().equals(AppVersion.line()) || !r.err().isEmpty()) {
                    failures.add(args + " -> exit " + r.status() + ", out '" + r.out().strip() + "', err '" + r.err().strip() + "'");
                }
            }
        }
        assertEquals(List.of(), failures);
        assertTrue(MainTest.run("-V").out().strip().startsWith("VMSched "));
    }
}
