package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command the README or a page of docs/ shows with its output (a fenced block opening with
 * "$ java -jar target/vmsched.jar ..." or its shorthand "$ vmsched ...") prints exactly what the
 * page says it prints. A reader runs them as written; the README's analyze example had lost
 * the "supply:" line that analyze prints for every VM.
 */
class ReadmeExamplesTest {

    record Example(String command, String output) {
    }

    static List<Example> examples() throws Exception {
        List<Example> out = new ArrayList<>();
        for (Path page : org.vmsched.DocPages.pages()) {
            examples(Files.readAllLines(page), out);
        }
        return out;
    }

    private static void examples(List<String> lines, List<Example> out) {
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).startsWith("```") || i + 1 >= lines.size()) {
                continue;
            }
            String first = lines.get(i + 1);
            if (!first.startsWith("$ java -jar target/vmsched.jar ") && !first.startsWith("$ vmsched ")) {
                continue;
            }
            StringBuilder b = new StringBuilder();
            int j = i + 2;
            for (; j < lines.size() && !lines.get(j).startsWith("```"); j++) {
                b.append(lines.get(j)).append('\n');
            }
            out.add(new Example(first.replaceFirst("^\\$ (java -jar target/vmsched\\.jar|vmsched) ", ""), b.toString()));
            i = j;
        }
    }

    @Test
    void everyCommandShownWithItsOutputPrintsThatOutput(@TempDir Path dir) throws Exception {
        List<Example> all = examples();
        assertTrue(all.size() >= 4, "examples found: " + all);
        // a file a command writes (design --write placed.json) goes to a temporary folder, and the
        // command after it reads it from there
        String placed = dir.resolve("placed.json").toString();
        for (Example e : all) {
            String[] args = e.command().trim().split("\\s+");
            for (int k = 0; k < args.length; k++) {
                if (args[k].equals("placed.json")) {
                    args[k] = placed;
                }
            }
            MainTest.Run r = MainTest.run(args);
            assertEquals(0, r.status(), e.command() + ": " + r.err());
            assertEquals(e.output(), r.out().replace(placed, "placed.json"), e.command());
        }
    }
}
