package org.vmsched.ui.help;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The user guide's text ({@code docs/guide.md}, which the build copies into the jar as
 * {@code org/vmsched/ui/help/guide.md}), the one source of Help > Guide and of the charts page's
 * chart section, split into blocks: headings, paragraphs and list items,
 * each with its inline markup ({@code **bold**}, {@code `code`}, {@code [text](example:FILE)})
 * left for the view. Immutable; safe from any thread.
 */
public final class Guide {

    /** The resource the guide is read from. */
    public static final String RESOURCE = "/org/vmsched/ui/help/guide.md";

    /** One block of the guide: {@code level} 1–3 for a heading, 0 for a paragraph or list item. */
    public record Block(int level, String text, boolean listItem) {
    }

    private Guide() {
    }

    /** The guide's markdown text. */
    public static String text() {
        try (InputStream in = Guide.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the guide " + RESOURCE + " is missing from the build");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("the guide cannot be read: " + e.getMessage(), e);
        }
    }

    /** The body of the section under the heading {@code title} (any level), without the heading; empty if none. */
    public static String section(String markdown, String title) {
        String[] lines = markdown.split("\n", -1);
        StringBuilder sb = new StringBuilder();
        boolean in = false;
        for (String l : lines) {
            if (l.startsWith("#")) {
                if (in) {
                    break;
                }
                in = l.replaceFirst("^#+\\s*", "").equals(title);
                continue;
            }
            if (in) {
                sb.append(l).append('\n');
            }
        }
        return sb.toString().strip();
    }

    /** The guide's blocks in order: continuation lines joined to their paragraph or list item. */
    public static List<Block> blocks(String markdown) {
        List<Block> out = new ArrayList<>();
        StringBuilder cur = null;
        boolean item = false;
        for (String l : markdown.split("\n", -1)) {
            String t = l.strip();
            boolean startsItem = t.matches("(\\d+\\.|-) .*") && !l.startsWith("   ");
            if (t.isEmpty() || l.startsWith("#") || startsItem) {
                if (cur != null) {
                    out.add(new Block(0, cur.toString(), item));
                    cur = null;
                }
            }
            if (t.isEmpty()) {
                continue;
            }
            if (l.startsWith("#")) {
                int level = l.indexOf(' ');
                out.add(new Block(Math.max(1, Math.min(3, level)), l.substring(level + 1).strip(), false));
                continue;
            }
            if (cur == null) {
                cur = new StringBuilder(t);
                item = startsItem;
            } else {
                cur.append(' ').append(t);
            }
        }
        if (cur != null) {
            out.add(new Block(0, cur.toString(), item));
        }
        return out;
    }

    /** The paragraph of the chart section that explains the chart titled {@code chart} ("Tmax curve", "Gantt"…), or null. */
    public static String chartParagraph(String chart) {
        for (Block b : blocks(section(text(), "What each chart means"))) {
            if (b.text().contains("**" + chart + "**")) {
                return b.text();
            }
        }
        return null;
    }
}
