package org.vmsched.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.fontbox.ttf.CmapLookup;
import org.apache.fontbox.ttf.TTFParser;
import org.apache.fontbox.ttf.TrueTypeFont;
import org.apache.pdfbox.io.RandomAccessReadBuffer;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.AnalysisLimitException;
import org.vmsched.analysis.AnalysisResult;
import org.vmsched.chart.ExportFonts;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;

/**
 * Every character the printed report draws is in the embedded face that draws it (issue 32: the
 * monospace face had no ℓ, so the PDF printed a box and pdftotext dropped the line): the text of
 * every bundled scenario's report in DejaVu Sans Mono, its title in DejaVu Sans Bold, and every
 * string of the engines, the report and the charts (what can reach a report's text or chart) in
 * the monospace and the sans faces. Checked against each font's Unicode cmap, as PDFBox embeds it.
 */
class ReportGlyphsTest {

    /** Each face's Unicode cmap, read as PDFBox reads the font it embeds. */
    private static Map<ExportFonts.Face, CmapLookup> cmaps() throws IOException {
        Map<ExportFonts.Face, CmapLookup> out = new EnumMap<>(ExportFonts.Face.class);
        for (ExportFonts.Face f : ExportFonts.Face.values()) {
            try (InputStream in = f.open()) {
                TrueTypeFont ttf = new TTFParser().parse(new RandomAccessReadBuffer(in));
                out.put(f, ttf.getUnicodeCmapLookup());
            }
        }
        return out;
    }

    /** Whether {@code c} is drawn at all (a control or format character such as a byte-order mark is not). */
    private static boolean drawn(int c) {
        int type = Character.getType(c);
        return c >= ' ' && type != Character.CONTROL && type != Character.FORMAT;
    }

    /** The characters of {@code text} that {@code face} has no glyph for, each with where it was found. */
    private static void missing(String text, CmapLookup face, String where, List<String> out) {
        text.codePoints().filter(c -> drawn(c) && face.getGlyphId(c) == 0).distinct().forEach(c -> out.add(
                String.format("U+%04X '%s' in %s: %s", c, new String(Character.toChars(c)), where, text)));
    }

    /** The scenario files bundled (scenarios/ and its folders), without the experiment files. */
    private static List<Path> bundledScenarios() throws IOException {
        try (Stream<Path> files = Files.walk(Path.of("scenarios"))) {
            return files.filter(p -> p.toString().endsWith(".json") && !p.startsWith(Path.of("scenarios", "experiments")))
                    .sorted().toList();
        }
    }

    @Test
    void everyCharacterOfEveryBundledScenariosReportIsInTheFaceThatPrintsIt() throws Exception {
        Map<ExportFonts.Face, CmapLookup> fonts = cmaps();
        List<Scenario> all = new ArrayList<>();
        for (Path p : bundledScenarios()) {
            all.add(ScenarioJson.load(p));
        }
        assertTrue(all.size() >= 15, "the bundled scenarios: " + all.size());
        // and the global VMs proved level by level and not schedulable, whose words no bundled file reaches
        all.add(ScenarioJson.parse("interleaved.json", PrintedReportTest.INTERLEAVED));
        all.add(ScenarioJson.parse("overloaded.json", PrintedReportTest.OVERLOADED));
        List<String> bad = new ArrayList<>();
        int checked = 0;
        for (Scenario s : all) {
            AnalysisResult r;
            String whyNot = null;
            try {
                r = AnalysisReport.of(s).result();
            } catch (AnalysisLimitException e) {
                r = null;
                whyNot = e.getMessage();
            }
            Scenario other = s.withName(s.name()).withVms(s.vms().subList(0, 1)); // "edited since the description"
            for (PrintedReport.Simulation sim : PrintedReport.Simulation.values()) {
                PrintedReport report = PrintedReport.of(s, other, r, whyNot, sim);
                missing(report.title(), fonts.get(ExportFonts.Face.SANS_BOLD), s.name() + "'s title", bad);
                for (String line : report.lines()) {
                    missing(line, fonts.get(ExportFonts.Face.MONO), s.name(), bad);
                    checked++;
                }
            }
        }
        assertTrue(checked > 1000, "lines checked: " + checked);
        assertEquals(List.of(), bad);
    }

    private static final Pattern UNICODE_ESCAPE = Pattern.compile("\\\\u([0-9a-fA-F]{4})");

    // the window's own words (JavaFX draws them with the system's fonts) never reach a report or an export
    @Test
    void everyStringOfTheEnginesTheReportAndTheChartsIsInTheMonospaceAndSansFaces() throws Exception {
        Map<ExportFonts.Face, CmapLookup> fonts = cmaps();
        List<String> bad = new ArrayList<>();
        TreeSet<Integer> seen = new TreeSet<>();
        List<Path> sources;
        try (Stream<Path> files = Files.walk(Path.of("src", "main", "java", "org", "vmsched"))) {
            sources = files.filter(p -> p.toString().endsWith(".java") && !p.startsWith(Path.of("src", "main", "java", "org", "vmsched", "ui")))
                    .sorted().toList();
        }
        for (Path p : sources) {
            for (String literal : literals(Files.readString(p))) {
                String lit = decode(literal);
                lit.codePoints().filter(c -> c > 126).forEach(seen::add);
                missing(lit, fonts.get(ExportFonts.Face.MONO), p.getFileName() + " (monospace)", bad);
                missing(lit, fonts.get(ExportFonts.Face.SANS), p.getFileName() + " (sans)", bad);
            }
        }
        assertTrue(seen.containsAll(List.of((int) 'α', (int) '≤', (int) 'Σ', (int) '′')), "the scan reads the literals: " + seen);
        assertEquals(List.of(), bad);
    }

    /** The string, text-block and character literals of Java source {@code code}, outside comments. */
    static List<String> literals(String code) {
        List<String> out = new ArrayList<>();
        int i = 0;
        int n = code.length();
        while (i < n) {
            if (code.startsWith("//", i)) {
                i = code.indexOf('\n', i) < 0 ? n : code.indexOf('\n', i);
            } else if (code.startsWith("/*", i)) {
                i = code.indexOf("*/", i + 2) < 0 ? n : code.indexOf("*/", i + 2) + 2;
            } else if (code.startsWith("\"\"\"", i)) {
                int end = code.indexOf("\"\"\"", i + 3);
                out.add(code.substring(i + 3, end));
                i = end + 3;
            } else if (code.charAt(i) == '"' || code.charAt(i) == '\'') {
                char quote = code.charAt(i);
                int j = i + 1;
                while (code.charAt(j) != quote) {
                    j += code.charAt(j) == '\\' ? 2 : 1;
                }
                out.add(code.substring(i + 1, j));
                i = j + 1;
            } else {
                i++;
            }
        }
        return out;
    }

    private static String decode(String literal) {
        Matcher u = UNICODE_ESCAPE.matcher(literal);
        StringBuilder b = new StringBuilder();
        while (u.find()) {
            u.appendReplacement(b, Matcher.quoteReplacement(String.valueOf((char) Integer.parseInt(u.group(1), 16))));
        }
        return u.appendTail(b).toString();
    }
}
