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
 * analysis, not in the front ends, the experiments or the prose elsewhere; and numbers are
 * formatted in {@code org.vmsched.text} only.
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
}
