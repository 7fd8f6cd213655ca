package org.vmsched.ui.help;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vmsched.io.AppVersion;

/**
 * Help > Guide and Help > About (issue 19): the charts page's chart section (docs/charts.md, once
 * the README's) is the guide's, word for word; every chart has its paragraph; every worked example is a link that opens it.
 */
@ExtendWith(ApplicationExtension.class)
class GuideTest {

    private Stage stage;

    @Start
    void start(Stage s) {
        stage = s;
    }

    @Test
    void theChartsPagesChartSectionIsTheGuidesWordForWord() throws Exception {
        String readme = Files.readString(Path.of("docs/charts.md"), StandardCharsets.UTF_8);
        String inReadme = Guide.section(readme, "What each chart means");
        String inGuide = Guide.section(Guide.text(), "What each chart means");
        assertTrue(inGuide.length() > 500, "the guide's chart section is missing");
        assertEquals(inGuide, inReadme, "docs/charts.md's 'What each chart means' drifted from docs/guide.md"
                + ": edit the guide and copy its section into the charts page");
    }

    // issue 31: the guide is read as CommonMark (commonmark-java), no longer line by line; a line
    // starting with # inside a code block is code, not the next section
    @Test
    void aSectionRunsToTheNextHeadingNotToAHashInACodeBlock() {
        String md = "# A\n\n```sh\n# a comment\n```\n\nafter the code\n\n## B\n\nnot A\n";
        String a = Guide.section(md, "A");
        assertTrue(a.contains("# a comment") && a.endsWith("after the code"), a);
        assertEquals("not A", Guide.section(md, "B"));
    }

    @Test
    void everyChartHasItsParagraph() {
        for (String chart : List.of("Tmax curve", "Good-period map", "max Ri/Ti", "Gantt", "Response times", "Supply & demand",
                "Step-through")) {
            String p = Guide.chartParagraph(chart);
            assertNotNull(p, chart);
            assertTrue(p.length() > 60, chart + ": " + p);
        }
    }

    @Test
    void everyWorkedExampleIsABundledScenario() throws Exception {
        String bundled = Files.readString(Path.of("src/main/resources/org/vmsched/ui/examples.txt"), StandardCharsets.UTF_8);
        Matcher m = Pattern.compile("\\(example:(.+?)\\)").matcher(Guide.text());
        int n = 0;
        while (m.find()) {
            assertTrue(bundled.lines().anyMatch(m.group(1)::equals), m.group(1) + " is not under File > Open Example");
            n++;
        }
        assertTrue(n >= 5, "only " + n + " examples");
    }

    // issue 30, item 12: the worked examples stopped at rtds-global-periodic.json; rtds-example.json and
    // the files of hier/ and latency/ were under File > Open Example but not in the guide
    @Test
    void everyBundledScenarioIsAWorkedExampleOfTheGuide() {
        String worked = Guide.section(Guide.text(), "Worked examples");
        for (String file : org.vmsched.ui.main.MainViewModel.examples()) {
            assertTrue(worked.contains("(example:" + file + ")"), file + " is not among the guide's worked examples");
        }
    }

    @Test
    void theGuideExplainsSeveralVirtualCpusUnderGlobalEdf() {
        // a teacher's trial: the guide said nothing of vCPUs, MPR, migrations or the host test
        String global = Guide.section(Guide.text(), "Several virtual CPUs (Global EDF)").replaceAll("\\s+", " "); // lines wrap anywhere
        assertTrue(global.length() > 1500, "the guide has no section on several virtual CPUs");
        for (String word : List.of("Global EDF", "Xen RTDS", "vCPU", "MPR", "Π", "Θ", "m′", "sufficient", "undecided",
                "no proof of a miss", "migration", "X + M", "a core each", "GFB", "BCL", "v0/t1",
                "[rtds-global-periodic.json](example:rtds-global-periodic.json)", "not drawn")) {
            assertTrue(global.contains(word), "the section on several virtual CPUs does not say " + word);
        }
        assertTrue(Guide.section(Guide.text(), "Worked examples").contains("(example:rtds-global-periodic.json)"),
                "rtds-global-periodic.json is not among the worked examples");
        assertTrue(Guide.chartParagraph("Gantt").contains("v0/t1") && Guide.chartParagraph("Gantt").contains("migration"),
                Guide.chartParagraph("Gantt"));
        assertTrue(Guide.chartParagraph("Step-through").contains("migration"), Guide.chartParagraph("Step-through"));
    }

    @Test
    void theGuidesGlobalNumbersAreTheAnalysisOfRtdsGlobal() throws Exception {
        // the section quotes analyze on scenarios/rtds-global-periodic.json: the quotes must stay the analysis's words
        var report = org.vmsched.report.AnalysisReport.of(
                org.vmsched.io.ScenarioJson.load(Path.of("scenarios/rtds-global-periodic.json")));
        String global = Guide.section(Guide.text(), "Several virtual CPUs (Global EDF)").replaceAll("\\s+", " "); // lines wrap anywhere
        String host = report.result().hostNote();
        String control = report.vm(0).hierarchy() + " " + report.vm(0).note();
        for (String quote : List.of("U = 1.9 > M − (M − 1)·Umax = 1.35", "interference 9.5 is not below sbf(D) − m′·C = 7 at D = 10")) {
            assertTrue(host.contains(quote), host);
            assertTrue(global.contains(quote), "the guide does not quote " + quote);
        }
        for (String quote : List.of("Θ = 2·C = 13", "(DEM 17 against sbf 13)")) {
            assertTrue(control.contains(quote), control);
            assertTrue(global.contains(quote), "the guide does not quote " + quote);
        }
        // batch's text leads with the supply that proved it, as the guide quotes
        String batch = "schedulable on the least supply of the host's own schedule at the VMs' offsets (THEORY.md §15.19)";
        assertTrue(report.vm(1).hierarchy().startsWith(batch), report.vm(1).hierarchy());
        assertTrue(global.contains("\"" + batch + "\""), "the guide does not quote " + batch);
    }

    /**
     * The section's worst-case run of rtds-global-periodic is the simulator's: it said "`batch`'s u1
     * misses twice", true while worst-case mode replayed the MPR supply, no longer once it replays
     * the host's own schedule the analysis reads (THEORY.md §15.19): 0 misses, u1 and u2 at 8.5.
     */
    @Test
    void theGuidesWorstCaseRunOfRtdsGlobalPeriodicIsTheSimulators() throws Exception {
        var s = org.vmsched.io.ScenarioJson.load(Path.of("scenarios/rtds-global-periodic.json"));
        var r = org.vmsched.sim.Simulator.run(s, org.vmsched.sim.SimulationOptions.from(
                s.simulation().withMode(org.vmsched.model.SimulationMode.WORST_CASE)));
        String global = Guide.section(Guide.text(), "Several virtual CPUs (Global EDF)").replaceAll("\\s+", " ");
        assertEquals(0, r.deadlineMisses());
        assertTrue(global.contains("No deadline is missed there either"), global);
        for (String task : List.of("u1", "u2")) {
            assertEquals(8.5, r.task("batch", task).maxResponseTime(), task);
        }
        assertTrue(global.contains("u1 and u2 answer in 8.5"), global);
    }

    @Test
    void aClickOnAnExampleOpensIt(FxRobot robot) {
        List<String> opened = new ArrayList<>();
        GuideView[] view = new GuideView[1];
        robot.interact(() -> view[0] = GuideView.open(stage, opened::add, "Gantt"));
        WaitForAsyncUtils.waitForFxEvents();
        assertNotNull(view[0].heading("What each chart means"));
        assertTrue(view[0].getVvalue() > 0, "not scrolled to the Gantt paragraph");
        robot.interact(() -> ((javafx.scene.control.Hyperlink) view[0].getContent().lookup("#example-two-vms-json")).fire());
        assertEquals(List.of("two-vms.json"), opened);
        robot.interact(() -> view[0].getScene().getWindow().hide());
        // without a topic it opens at the top (a focused link had scrolled it to the examples)
        robot.interact(() -> view[0] = GuideView.open(stage, opened::add, null));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(0, view[0].getVvalue(), 1e-9);
        robot.interact(() -> view[0].getScene().getWindow().hide());
    }

    // issue 33, item 5: the teacher's and the student's pages, reachable from the in-app guide
    @Test
    void theExercisePagesOpenFromTheGuidesLinksAndLeadBack(FxRobot robot) {
        GuideView[] view = new GuideView[1];
        robot.interact(() -> view[0] = GuideView.open(stage, name -> { }, null));
        WaitForAsyncUtils.waitForFxEvents();
        try {
            for (String page : List.of("exercises-student", "exercises-teacher")) {
                javafx.scene.control.Hyperlink link = (javafx.scene.control.Hyperlink) view[0].getContent().lookup("#page-" + page);
                assertNotNull(link, "the guide links " + page + ".md");
                robot.interact(link::fire); // as a click does (aimed clicks into a scrolled pane missed under Monocle)
                WaitForAsyncUtils.waitForFxEvents();
                assertEquals(page + ".md", view[0].page());
                String first = ((javafx.scene.text.Text) ((javafx.scene.text.TextFlow) ((javafx.scene.layout.VBox) view[0]
                        .getContent()).getChildren().get(1)).getChildren().get(0)).getText();
                assertTrue(first.startsWith("Exercises: the " + (page.endsWith("student") ? "student" : "teacher")), first);
                assertEquals(0, view[0].getVvalue(), 1e-9, "from its top");
                robot.interact(() -> ((javafx.scene.control.Hyperlink) view[0].getContent().lookup("#guideBack")).fire());
                WaitForAsyncUtils.waitForFxEvents();
                assertEquals(Guide.GUIDE, view[0].page());
                assertNotNull(view[0].heading("What each chart means"), "the guide again");
            }
        } finally {
            robot.interact(() -> view[0].getScene().getWindow().hide());
        }
    }

    @Test
    void everyLinkToAPageOfTheGuideIsBundledAndTheExercisePagesAreLinked() {
        String exercises = Guide.section(Guide.text(), "Exercises");
        assertTrue(exercises.contains("(exercises-student.md)") && exercises.contains("(exercises-teacher.md)"), exercises);
        for (String page : Guide.PAGES) {
            String text = Guide.text(page); // from the jar's resources: the build copied it
            assertTrue(text.startsWith("# "), page);
            Matcher m = Pattern.compile("\\]\\(([^)#]+\\.md)").matcher(text);
            while (m.find()) {
                if (!m.group(1).contains("/") && Path.of("docs", m.group(1)).toFile().isFile() && Guide.page(m.group(1)) == null) {
                    // a page of docs/ that the window would show as plain text: fine, but not one of the exercise pages
                    assertTrue(!m.group(1).startsWith("exercises-"), page + " links " + m.group(1) + ", not bundled");
                }
            }
        }
        assertEquals("exercises-student.md", Guide.page("./exercises-student.md#checking"));
        assertEquals(null, Guide.page("https://example.org/guide.md"));
        assertEquals(null, Guide.page("example:two-vms.json"));
    }

    // Issue 30, item 7: the guide's window ignored Esc
    @Test
    void escapeClosesTheGuide(FxRobot robot) {
        GuideView[] view = new GuideView[1];
        robot.interact(() -> view[0] = GuideView.open(stage, name -> { }, null));
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn(view[0]);
        robot.push(javafx.scene.input.KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        boolean showing = view[0].getScene().getWindow().isShowing();
        robot.interact(() -> view[0].getScene().getWindow().hide());
        org.junit.jupiter.api.Assertions.assertFalse(showing, "Esc closes the guide");
    }

    // The teacher's page showed its tables as raw "| file | what it is |" lines in the guide's window
    @Test
    void aTableOnAPageOfTheGuideIsShownAsCellsNotAsPipes(FxRobot robot) {
        for (String page : Guide.PAGES) {
            List<String> texts = new ArrayList<>();
            List<javafx.scene.layout.GridPane> tables = new ArrayList<>();
            robot.interact(() -> {
                GuideView v = new GuideView(name -> { });
                v.show(page);
                collect(v.getContent(), texts, tables);
            });
            assertEquals(List.of(), texts.stream().filter(t -> t.contains("|---") || t.strip().startsWith("| ")).toList(), page);
            long expected = Guide.text(page).lines().filter(l -> l.matches("\\|\\s*:?-{3,}.*")).count();
            assertEquals(expected, tables.size(), page + ": one grid per table");
            if (page.equals("exercises-teacher.md")) {
                assertTrue(texts.contains("questions.pdf"), "a cell's text: " + texts);
            }
        }
    }

    private static void collect(javafx.scene.Node n, List<String> texts, List<javafx.scene.layout.GridPane> tables) {
        if (n instanceof javafx.scene.text.Text t) {
            texts.add(t.getText());
        } else if (n instanceof javafx.scene.layout.GridPane g) {
            tables.add(g);
        }
        if (n instanceof javafx.scene.Parent p) {
            for (javafx.scene.Node c : p.getChildrenUnmodifiable()) {
                collect(c, texts, tables);
            }
        }
    }

    @Test
    void theRenderedGuideShowsNoMarkup(FxRobot robot) {
        // "*periodic server*" and "*not*" showed their asterisks (screenshot at 1024x768, issue 19)
        List<String> marked = new ArrayList<>();
        robot.interact(() -> {
            GuideView v = new GuideView(name -> { });
            for (javafx.scene.Node n : ((javafx.scene.layout.VBox) v.getContent()).getChildren()) {
                for (javafx.scene.Node t : ((javafx.scene.text.TextFlow) n).getChildren()) {
                    if (t instanceof javafx.scene.text.Text x && (x.getText().contains("*") || x.getText().contains("`"))) {
                        marked.add(x.getText());
                    }
                }
            }
        });
        assertEquals(List.of(), marked);
    }

    @Test
    void aboutNamesTheVersionAndThePapers() {
        String t = About.text();
        assertTrue(t.startsWith(AppVersion.line()), t);
        assertTrue(t.contains("Paper III") && t.contains("latency") && t.contains("reservations") && t.contains("Licence"), t);
    }
}
