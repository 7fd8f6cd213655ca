package org.vmsched;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the main sources may say where, read as text (issue 17's "Done when" counts, which the
 * byte code cannot show): a policy's parameter name lives in its module, its scheduler and its
 * analysis, not in the front ends, the experiments or the prose elsewhere; numbers are
 * formatted in {@code org.vmsched.text} only; and verdicts are worded in
 * {@code org.vmsched.analysis.Verdicts} only.
 */
class MainSourcesTest {

    private static final Path MAIN = Path.of("src", "main", "java");

    /** The main Java files, each with its text. */
    static List<Source> mainSources() {
        try (Stream<Path> files = Files.walk(MAIN)) {
            return files.filter(p -> p.toString().endsWith(".java")).map(Source::read).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One main file: its path below {@code src/main/java} and its text. */
    record Source(Path path, String text) {

        static Source read(Path p) {
            try {
                return new Source(MAIN.relativize(p), Files.readString(p));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @Test
    void noSimulatorFileIsOver400LinesAndNoMainFileOver600() {
        List<String> over = new ArrayList<>();
        for (Source s : mainSources()) {
            long lines = s.text().lines().count();
            boolean sim = s.path().startsWith(Path.of("org", "vmsched", "sim"));
            if (lines > (sim ? 400 : 600)) {
                over.add(s.path() + " (" + lines + " lines)");
            }
        }
        assertTrue(over.isEmpty(), "issue 17: the simulator's files stay at most 400 lines and every main file at"
                + " most 600; split by responsibility: " + over);
    }

    @ParameterizedTest
    @ValueSource(strings = {"shares", "accountingPeriod", "ratelimit"})
    void aPolicyParameterNameIsInAtMostThreeMainFiles(String name) {
        Pattern word = Pattern.compile("\\b" + name + "\\b", Pattern.CASE_INSENSITIVE);
        List<Path> files = mainSources().stream().filter(s -> word.matcher(s.text()).find()).map(Source::path).toList();
        assertFalse(files.isEmpty(), "the search must find the policy's own module: " + name);
        assertTrue(files.size() <= 3, name + " appears in " + files.size() + " main files (at most 3: the policy's"
                + " module, its scheduler and its analysis): " + files);
    }

    @Test
    void noMainClassOutsideTheTextPackageFormatsANumberWithAFormatString() {
        Pattern literal = Pattern.compile("\"(?:[^\"\\\\\n]|\\\\.)*\"");
        Pattern conversion = Pattern.compile("%[-#+0,(]*\\d*(\\.\\d+)?[fFeEgG]");
        List<String> found = new ArrayList<>();
        for (Source s : mainSources()) {
            if (s.path().startsWith(Path.of("org", "vmsched", "text"))) {
                continue;
            }
            Matcher m = literal.matcher(s.text());
            while (m.find()) {
                if (conversion.matcher(m.group()).find()) {
                    found.add(s.path() + ": " + m.group());
                }
            }
        }
        assertTrue(found.isEmpty(), "numbers are formatted by org.vmsched.text.Format's contexts: " + found);
    }

    /** The one class that spells a verdict, for every audience. */
    private static final Path VERDICTS = Path.of("org", "vmsched", "analysis", "Verdicts.java");

    /**
     * A string literal that is a verdict's word ("schedulable", "NOT schedulable", "ok", "MISS",
     * "✖ NO", "? undecided", "not-guaranteed", …) or labels a reason with one ("undecided: ",
     * "not schedulable: the load …", "  EDF inside: undecided: "); a verdict word inside a
     * sentence ("schedulable even so") is prose and not counted.
     */
    static final Pattern VERDICT_LITERAL = Pattern.compile("\"(?:[?✔✖] )?(?:"
            + "(?i:not[- ])?(?i:schedulable|guaranteed|undecided)|ok|MISS|✔ yes|✖ NO)\""
            + "|(?<![\\w-])(?i:not[- ])?(?i:schedulable|undecided|guaranteed): ");

    @Test
    void noMainClassOutsideVerdictsSpellsAVerdict() {
        Pattern literal = Pattern.compile("(put\\()?(\"(?:[^\"\\\\\n]|\\\\.)*\")");
        List<String> found = new ArrayList<>();
        for (Source s : mainSources()) {
            if (s.path().equals(VERDICTS)) {
                continue;
            }
            Matcher m = literal.matcher(withoutComments(s.text()));
            while (m.find()) {
                // a JSON field's name ("schedulable": true) is the schema's, not a verdict's word
                if (m.group(1) == null && VERDICT_LITERAL.matcher(m.group(2)).find()) {
                    found.add(s.path() + ": " + m.group(2));
                }
            }
        }
        assertTrue(found.isEmpty(), "verdicts are worded by " + VERDICTS + " only: " + found);
    }

    @Test
    void theVerdictRuleSeesAPlantedVerdictAndNotProse() {
        for (String planted : List.of("\"NOT schedulable\"", "\"✖ NO\"", "\"MISS\"", "\"not-schedulable\"",
                "\"undecided: \"", "\"  EDF inside: undecided: \"", "\"not schedulable: the load U = \"")) {
            assertTrue(VERDICT_LITERAL.matcher(planted).find(), planted);
        }
        for (String prose : List.of("\"systems schedulable (%)\"", "\" towards less supply; schedulable even so\"",
                "\"schedulable \"", "\"verdict-undecided\"", "\"✔ up to date\"", "\"yes\"")) {
            assertFalse(VERDICT_LITERAL.matcher(prose).find(), prose);
        }
    }

    /** {@code text} with its comments blanked (a Javadoc may quote a verdict), strings kept. */
    static String withoutComments(String text) {
        StringBuilder b = new StringBuilder(text.length());
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '"') {
                int end = i + 1;
                while (end < text.length() && text.charAt(end) != '"' && text.charAt(end) != '\n') {
                    end += text.charAt(end) == '\\' ? 2 : 1;
                }
                end = Math.min(end + 1, text.length());
                b.append(text, i, end);
                i = end;
            } else if (c == '\'' ) {
                int end = text.indexOf('\'', i + (text.charAt(i + 1) == '\\' ? 3 : 2));
                b.append(text, i, end + 1);
                i = end + 1;
            } else if (text.startsWith("//", i)) {
                int end = text.indexOf('\n', i);
                i = end < 0 ? text.length() : end;
            } else if (text.startsWith("/*", i)) {
                int end = text.indexOf("*/", i + 2);
                i = end < 0 ? text.length() : end + 2;
            } else {
                b.append(c);
                i++;
            }
        }
        return b.toString();
    }
}
