package org.vmsched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Heading;
import org.commonmark.node.Image;
import org.commonmark.node.Link;
import org.commonmark.node.Node;
import org.commonmark.parser.Parser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vmsched.ui.help.Guide;

/**
 * Every relative link of README.md and docs/**&#47;*.md resolves (issue 31, item 5): the file or
 * folder it names exists, and an anchor names a heading of the page it points to, spelt as GitHub
 * spells a heading's anchor. Links with a scheme (https:, mailto:, the guide's example:) are not
 * followed.
 */
class MarkdownLinksTest {

    private static final Parser PARSER = Parser.builder().build();

    /** The destinations of the links and images of {@code markdown}, in order. */
    static List<String> links(String markdown) {
        List<String> out = new ArrayList<>();
        PARSER.parse(markdown).accept(new AbstractVisitor() {
            @Override
            public void visit(Link link) {
                out.add(link.getDestination());
                visitChildren(link);
            }

            @Override
            public void visit(Image image) {
                out.add(image.getDestination());
            }
        });
        return out;
    }

    /** The anchors of {@code markdown}'s headings as GitHub makes them: a repeated heading's gets -1, -2… */
    static Set<String> anchors(String markdown) {
        Set<String> out = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        PARSER.parse(markdown).accept(new AbstractVisitor() {
            @Override
            public void visit(Heading heading) {
                String slug = slug(Guide.plainText(heading));
                int n = seen.merge(slug, 1, Integer::sum);
                out.add(n == 1 ? slug : slug + "-" + (n - 1));
            }
        });
        return out;
    }

    /** GitHub's anchor of a heading: lower case, punctuation dropped, each space a hyphen. */
    static String slug(String heading) {
        return heading.strip().toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{M}\\p{N}\\p{Pc} -]", "").replace(' ', '-');
    }

    /** The broken relative links of {@code page}, each as "page: destination (why)". */
    static List<String> broken(Path page) throws IOException {
        List<String> out = new ArrayList<>();
        for (String link : links(Files.readString(page, StandardCharsets.UTF_8))) {
            if (link.isEmpty() || link.matches("^[A-Za-z][A-Za-z0-9+.-]*:.*")) {
                continue;
            }
            int hash = link.indexOf('#');
            String file = hash < 0 ? link : link.substring(0, hash);
            Path target = file.isEmpty() ? page : page.resolveSibling(URLDecoder.decode(file, StandardCharsets.UTF_8)).normalize();
            if (!Files.exists(target)) {
                out.add(page + ": " + link + " (no file " + target + ")");
            } else if (hash >= 0 && target.toString().endsWith(".md")
                    && !anchors(Files.readString(target, StandardCharsets.UTF_8)).contains(link.substring(hash + 1))) {
                out.add(page + ": " + link + " (no heading of " + target + " has that anchor)");
            }
        }
        return out;
    }

    @Test
    void everyRelativeLinkOfTheDocumentationResolves() throws IOException {
        List<String> broken = new ArrayList<>();
        int pages = 0;
        for (Path page : DocPages.pages()) {
            broken.addAll(broken(page));
            pages++;
        }
        assertTrue(pages >= 10, "pages found: " + pages);
        assertEquals(List.of(), broken);
    }

    @Test
    void theIndexListsEveryPageOfDocs() throws IOException {
        Path index = Path.of("docs", "README.md");
        Set<Path> listed = new HashSet<>();
        for (String link : links(Files.readString(index, StandardCharsets.UTF_8))) {
            listed.add(index.resolveSibling(link.replaceFirst("#.*", "")).normalize());
        }
        List<Path> missing = new ArrayList<>();
        for (Path page : DocPages.pages()) {
            if (page.startsWith("docs") && !page.equals(index) && !listed.contains(page.normalize())) {
                missing.add(page);
            }
        }
        assertEquals(List.of(), missing, "pages that docs/README.md (the documentation's index) does not list");
    }

    @Test
    void anchorsAreSpeltAsGitHubSpellsThem() {
        assertEquals("worked-examples-in-scenarios", slug("Worked examples in `scenarios/`".replace("`", "")));
        assertEquals("other-hypervisors-credit-proportional-share-cbs-fpfp", slug("Other hypervisors: Credit, proportional share, CBS, FP/FP"));
        assertEquals(Set.of("a", "a-1", "b"), anchors("# A\n\n## A\n\n### B\n"));
    }

    @Test
    void aLinkToAMissingFileOrHeadingIsReported(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("b.md"), "# Only heading\n");
        Path a = dir.resolve("a.md");
        Files.writeString(a, "[ok](b.md#only-heading) [gone](c.md) [bad](b.md#nothing) [web](https://example.org/x)"
                + " [self](#top) `[code](d.md)`\n\n# Top\n");
        List<String> broken = broken(a);
        assertEquals(2, broken.size(), broken.toString());
        assertTrue(broken.get(0).contains("c.md") && broken.get(1).contains("b.md#nothing"), broken.toString());
    }
}
