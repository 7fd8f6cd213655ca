package org.vmsched.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.jfree.chart.JFreeChart;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vmsched.chart.ChartTikz;
import org.vmsched.chart.ExportOptions;
import org.vmsched.chart.GanttChartFactory;

/**
 * pgfplots/TikZ exports (issue 9's optional item): every chart of the window as LaTeX source
 * that pdfLaTeX reads — plain ASCII, balanced braces, one axis per plot, labels with α as math,
 * lanes by name, only the shown range — and, where pdflatex is installed, that compiles.
 */
class TikzExportTest {

    @TempDir
    Path tmp;

    @Test
    void everyChartIsAsciiLatexWithBalancedBracesAndItsAxes() throws Exception {
        for (Map.Entry<String, JFreeChart> e : PrintExportTest.charts().entrySet()) {
            Path f = tmp.resolve(e.getKey() + ".tex");
            ChartExport.write(e.getValue(), f, ExportOptions.defaults());
            String tex = Files.readString(f, StandardCharsets.UTF_8);
            String k = e.getKey();
            assertTrue(tex.chars().allMatch(c -> c == '\n' || (c >= 32 && c < 127)), k + ": not plain ASCII");
            assertEquals(0, balance(tex), k + ": unbalanced braces");
            assertEquals(count(tex, "\\begin{axis}"), count(tex, "\\end{axis}"), k);
            assertTrue(count(tex, "\\begin{axis}") >= 1, k);
            assertTrue(tex.contains("\\addplot") || tex.contains("\\fill["), k + ": no data");
            assertFalse(tex.contains("click to "), k + ": a window hint in the export");
        }
    }

    @Test
    void theMapWritesAlphaAsMathAndTheGanttItsLanesAndOnlyTheShownWindow() throws Exception {
        String map = ChartTikz.toTikz(PrintExportTest.charts().get("map"));
        assertTrue(map.contains("xlabel={bandwidth \\ensuremath{\\alpha}}"), map.substring(0, 600));
        // the Gantt of 0–40 shown from 0 to 3: the deadline mark at 16 and the overhead 4–4.5 are left out
        String g = ChartTikz.toTikz(GanttChartFactory.create(PrintExportTest.gantt(), 0, 3));
        assertTrue(g.contains("yticklabels={{VM1/t1},{core 0}}") || g.contains("yticklabels={{core 0},{VM1/t1}}"), g);
        assertTrue(g.contains("(axis cs:0,"), g);
        assertFalse(g.contains("{208,16,16}"), "a colour defined that nothing uses (the miss marks' red)");
        assertFalse(g.contains("(axis cs:4.5,"), "a slice outside the shown window was written:\n" + g);
        assertFalse(g.contains("(16,"), "a mark outside the shown window was written");
    }

    // Seen exporting the Gantt chart as .tex: releases and deadlines came out as dots, so the
    // figure lost the ▲ release / ▼ deadline the window and the PDF draw (and a Tmax chart's ▲,
    // "only a lower bound", would look like any simulated point).
    /** A new user's trial: the .tex files read "line width=0.800000011920929pt" (a float's width widened to a double). */
    @Test
    void noFloatNoiseInTheTikz() {
        for (Map.Entry<String, JFreeChart> e : PrintExportTest.charts().entrySet()) {
            String tex = ChartTikz.toTikz(e.getValue());
            assertFalse(tex.matches("(?s).*\\d\\.\\d*(000000|999999)\\d.*"), e.getKey() + ":\n" + tex);
        }
        // an experiment chart's lines are 1.6f wide: half of it is 0.8, not 0.800000011920929
        org.jfree.data.xy.XYSeriesCollection data = new org.jfree.data.xy.XYSeriesCollection();
        org.jfree.data.xy.XYSeries line = new org.jfree.data.xy.XYSeries("a");
        line.add(0, 0);
        line.add(1, 1);
        data.addSeries(line);
        JFreeChart chart = org.jfree.chart.ChartFactory.createXYLineChart("t", "x", "y", data);
        ((org.jfree.chart.plot.XYPlot) chart.getPlot()).getRenderer().setSeriesStroke(0, new java.awt.BasicStroke(1.6f));
        String tex = ChartTikz.toTikz(chart);
        assertTrue(tex.contains("line width=0.8pt"), tex);
    }

    @Test
    void marksKeepTheirShapes() {
        String g = ChartTikz.toTikz(GanttChartFactory.create(PrintExportTest.gantt(), 0, 40));
        assertTrue(g.contains("mark=triangle*,"), "release marks as upward triangles:\n" + g);
        assertTrue(g.contains("mark=triangle*, mark options={rotate=180}"), "deadline marks as downward triangles:\n" + g);
        assertFalse(g.contains("mark=*,"), "a mark drawn as a dot:\n" + g);
    }

    @Test
    void latexEscapesItsSpecialCharacters() {
        assertEquals("50\\% \\& \\_x \\{y\\} \\ensuremath{\\le} 1", tex("50% & _x {y} ≤ 1"));
    }

    @Test
    void theReproductionChartsKeepTheirGreekLetters() {
        // reproduce two-vm and cbs-fpfp name their series with τ and Σ: written as '?' they said "?1 + ?2"
        String t = ChartTikz.toTikz(org.vmsched.chart.HierarchyCharts.twoVmSupply());
        assertTrue(t.contains("\\ensuremath{\\tau}1 + \\ensuremath{\\tau}2"), t);
        assertFalse(t.contains("?"), "a character written as '?':\n" + t);
        assertEquals("\\ensuremath{\\Sigma} Q/P \\ensuremath{\\le} 1", tex("Σ Q/P ≤ 1"));
    }

    private static String tex(String s) {
        // through a chart title would drop it into a comment; the axis label is the escaped path
        org.jfree.data.xy.XYSeriesCollection d = new org.jfree.data.xy.XYSeriesCollection();
        JFreeChart c = org.jfree.chart.ChartFactory.createXYLineChart(null, s, "y", d);
        String t = ChartTikz.toTikz(c);
        int i = t.indexOf("xlabel={") + "xlabel={".length();
        return t.substring(i, t.indexOf("},\n", i));
    }

    @Test
    void pdflatexCompilesEveryChart() throws Exception {
        assumeTrue(onPath("pdflatex"), "pdflatex is not installed");
        StringBuilder doc = new StringBuilder("\\documentclass{article}\n\\usepackage{pgfplots}\n"
                + "\\pgfplotsset{compat=1.16}\n\\begin{document}\n");
        for (Map.Entry<String, JFreeChart> e : PrintExportTest.charts().entrySet()) {
            ChartExport.write(e.getValue(), tmp.resolve(e.getKey() + ".tex"), ExportOptions.defaults());
            doc.append("\\begin{figure}\\input{").append(e.getKey()).append(".tex}\\caption{").append(e.getKey())
                    .append("}\\end{figure}\n\\clearpage\n");
        }
        doc.append("\\end{document}\n");
        Files.writeString(tmp.resolve("paper.tex"), doc.toString());
        Process p = new ProcessBuilder("pdflatex", "-interaction=nonstopmode", "-halt-on-error", "paper.tex")
                .directory(tmp.toFile()).redirectErrorStream(true).redirectOutput(tmp.resolve("log.txt").toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "pdflatex did not finish");
        String log = Files.readString(tmp.resolve("log.txt"), StandardCharsets.ISO_8859_1);
        assertEquals(0, p.exitValue(), log.substring(Math.max(0, log.length() - 3000)));
        assertTrue(Files.size(tmp.resolve("paper.pdf")) > 1000);
        String samples = System.getProperty("export.samples");
        if (samples != null && !samples.isBlank()) {
            Files.copy(tmp.resolve("paper.pdf"), Files.createDirectories(Path.of(samples)).resolve("tikz-paper.pdf"),
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static boolean onPath(String exe) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String d : path.split(java.io.File.pathSeparator)) {
            if (Files.isExecutable(Path.of(d, exe))) {
                return true;
            }
        }
        return false;
    }

    private static int count(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    /** Unescaped { minus unescaped }; also fails on a } before its {. */
    private static int balance(String s) {
        int depth = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%' && (i == 0 || s.charAt(i - 1) != '\\')) {
                int nl = s.indexOf('\n', i);
                i = nl < 0 ? s.length() : nl;
                continue;
            }
            boolean escaped = i > 0 && s.charAt(i - 1) == '\\' && !(i > 1 && s.charAt(i - 2) == '\\');
            if (c == '{' && !escaped) {
                depth++;
            } else if (c == '}' && !escaped) {
                depth--;
                if (depth < 0) {
                    return -1;
                }
            }
        }
        return depth;
    }
}
