package org.vmsched;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The documentation's Markdown pages: README.md and every {@code .md} file under docs/, in a stable order. */
public final class DocPages {

    private DocPages() {
    }

    /** README.md first, then docs/**&#47;*.md sorted by path (relative to the project folder). */
    public static List<Path> pages() {
        List<Path> out = new ArrayList<>(List.of(Path.of("README.md")));
        try (Stream<Path> s = Files.walk(Path.of("docs"))) {
            s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(out::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
