package org.vmsched.io;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.vmsched.model.Limits;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.InvalidScenarioException;
import org.vmsched.model.Platform;
import org.vmsched.model.Problem;
import org.vmsched.model.Scenario;
import org.vmsched.model.ScenarioValidator;
import org.vmsched.model.SimulationSettings;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;
import org.vmsched.text.Format;

/**
 * The input files of two peer tools as scenarios, and a scenario as the first one's input:
 * <ul>
 *   <li>CARTS (compositional analysis, University of Pennsylvania): {@code <system os_scheduler=...
 *       min_period=... max_period=...>} holding {@code <component name=... scheduler=...>} elements,
 *       each with periodic {@code <task name=... p=... d=... e=...>}; one VM per component; a global
 *       component (gEDF, gRM, gDM) becomes a VM of ⌈U⌉ vCPUs (at least 2, at most one per task) on a
 *       GLOBAL_EDF host with as many cores as vCPUs in all (placeholders for {@code design});</li>
 *   <li>SimSo (simulation): {@code <simulation>} with {@code <processors>} and a flat
 *       {@code <tasks>} list of {@code <task name=... task_type="Periodic" period=... deadline=...
 *       WCET=... activationDate=...>}; one VM holding every task.</li>
 * </ul>
 * An imported VM's period is its shortest task period and its budget the whole period (a
 * placeholder for {@code design}); its overhead 0. DM becomes RM (the same order when every
 * deadline equals its period; the description says so otherwise). Every refusal names the XML
 * element and the attribute as written; a value the scenario's rules refuse too, through
 * {@link ImportOrigins}. The XML parser refuses DTDs and external entities. Stateless.
 */
public final class ForeignFormats {

    private ForeignFormats() {
    }

    /** A CARTS or SimSo file as a scenario, by its root element. */
    public static Scenario importFile(Path file) throws InvalidScenarioException {
        String text;
        try {
            text = InputFiles.read(file, "a CARTS or SimSo XML file");
        } catch (InputFiles.Refused e) {
            throw new InvalidScenarioException(file.toString(), e.getMessage());
        }
        String name = file.getFileName().toString().replaceAll("\\.[^.]*$", "");
        return importXml(file.toString(), name, text);
    }

    /** As {@link #importFile(Path)} from text; {@code name} names the scenario. */
    public static Scenario importXml(String source, String name, String xml) throws InvalidScenarioException {
        char first = InputFiles.firstMark(xml);
        if (first == '{' || first == '[') {
            throw new InvalidScenarioException(source, "is a JSON file, not XML: `import` reads CARTS or SimSo XML; a"
                    + " scenario file needs no import (give it to analyze, simulate, design, ... or open it in the window)");
        }
        Document doc = parse(source, xml);
        Element root = doc.getDocumentElement();
        ImportOrigins origins;
        Scenario s;
        switch (root.getTagName()) {
            case "system" -> {
                origins = new ImportOrigins("<system> (one VM per <component>)",
                        "<system>: the host's cores (one per vCPU of the global components)",
                        Map.of("wcet", "e", "period", "p", "deadline", "d", "name", "name"));
                s = carts(source, name, root, origins);
            }
            case "simulation" -> {
                origins = new ImportOrigins("<tasks>", "<processors>: the host's cores (one per <processor>)",
                        Map.of("wcet", "WCET", "period", "period", "deadline", "deadline", "offset", "activationDate",
                                "name", "name"));
                s = simso(source, name, root, origins);
            }
            default -> throw new InvalidScenarioException(source, "root element <"
                    + Limits.oneLine(root.getTagName(), Limits.MAX_QUOTED)
                    + ">: expected <system> (a CARTS input) or <simulation> (a SimSo configuration)");
        }
        // The scenario's rules, said of the file: the user never saw the generated scenario's JSON paths.
        List<Problem> problems = ScenarioValidator.validate(s);
        if (!problems.isEmpty()) {
            throw new InvalidScenarioException(source, origins.translate(problems));
        }
        return s;
    }

    private static Scenario carts(String source, String name, Element root, ImportOrigins origins)
            throws InvalidScenarioException {
        String os = root.getAttribute("os_scheduler").trim();
        boolean globalHost = CartsMpr.isGlobal(os);
        HypervisorPolicy policy = globalHost ? HypervisorPolicy.GLOBAL_EDF
                : cartsPolicy(source, "<system>", "os_scheduler", os);
        List<VirtualMachine> vms = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        List<String> globalComponents = new ArrayList<>();
        double[] systemRange = CartsMpr.range(source, "<system>", root);
        int c = 0;
        for (Element comp : children(root, "component")) {
            c++;
            vms.add(cartsComponent(source, comp, c, systemRange, origins, notes, globalComponents));
        }
        if (vms.isEmpty()) {
            throw new InvalidScenarioException(source, "<system> holds no <component>");
        }
        int cores = 1;
        if (globalHost || !globalComponents.isEmpty()) {
            if (!globalHost) {
                notes.add("os_scheduler " + os + " read as GLOBAL_EDF (Xen RTDS): " + String.join(", ", globalComponents)
                        + " " + (globalComponents.size() == 1 ? "is a global component" : "are global components") + ".");
            }
            policy = HypervisorPolicy.GLOBAL_EDF;
            int vcpus = vms.stream().mapToInt(VirtualMachine::vcpus).sum();
            cores = Math.min(vcpus, Limits.MAX_CORES);
            notes.add("Global host: vcpus are placeholders too (⌈U⌉, at least 2, per global component), and cores their"
                    + " sum.");
            if (cores < vcpus) { // first, so that a description cut at its limit still says it
                notes.add(0, "Host: the global components' " + vcpus + " vCPUs would take " + vcpus + " cores, more than"
                        + " the " + Limits.MAX_CORES + " a scenario holds: " + cores + " cores.");
            }
        }
        String desc = withNotes("Imported from a CARTS input. Periods and budgets are placeholders (budget = period):"
                + " run design.", notes);
        return new Scenario(Scenario.SCHEMA_VERSION, name, desc, new Platform(policy, cores), vms, SimulationSettings.DEFAULT);
    }

    /**
     * Component {@code c} of a CARTS input as a VM with placeholder period and budget; its notes (DM read as RM,
     * its period range, vCPUs capped) go to {@code notes}, and its name to {@code globalComponents} when it is global.
     */
    private static VirtualMachine cartsComponent(String source, Element comp, int c, double[] systemRange,
            ImportOrigins origins, List<String> notes, List<String> globalComponents) throws InvalidScenarioException {
        String vmName = comp.getAttribute("name").isEmpty() ? "C" + c : comp.getAttribute("name");
        String where = "<component> " + c + " (" + Limits.oneLine(vmName, Limits.MAX_QUOTED) + ")";
        origins.vm(where, comp, "name");
        String cs = comp.getAttribute("scheduler").trim();
        boolean global = CartsMpr.isGlobal(cs);
        GuestScheduler sched = global ? null : cartsPolicy(source, where, "scheduler", cs) == HypervisorPolicy.EDF
                ? GuestScheduler.EDF : GuestScheduler.RM;
        List<Task> tasks = cartsTasks(source, where, comp, origins);
        if (("DM".equalsIgnoreCase(cs) || "gDM".equalsIgnoreCase(cs)) && tasks.stream().anyMatch(x -> x.deadline() != x.period())) {
            notes.add(vmName + ": " + cs + " imported as " + (global ? "global " : "") + "RM (by period), and its"
                    + " deadlines differ from its periods.");
        }
        if (tasks.isEmpty()) {
            throw new InvalidScenarioException(source, where + ": no <task> inside");
        }
        // the component's range, else the system's (as CartsMpr reads it): the format has no range, design takes it
        double[] own = CartsMpr.range(source, where, comp);
        double[] range = Double.isNaN(own[0]) ? systemRange : own;
        if (!Double.isNaN(range[0])) {
            notes.add("CARTS period range of " + vmName + ": [" + Format.exact(range[0]) + ", " + Format.exact(range[1])
                    + "] (design --vm " + vmName + " --min-period " + Format.exact(range[0]) + " --max-period "
                    + Format.exact(range[1]) + ").");
        }
        int vcpus = 1;
        if (global) {
            // A global component: ⌈U⌉ vCPUs, at least two (CARTS's cluster), at most one per task (docs/engineer.md, "CARTS and SimSo files").
            double u = tasks.stream().mapToDouble(x -> x.wcet() / x.period()).sum();
            int wanted = Math.min(tasks.size(), Math.max(2, (int) Math.ceil(u - 1e-9)));
            vcpus = Math.min(wanted, VirtualMachine.MAX_VCPUS);
            if (vcpus < wanted) { // a placeholder like the rest: read, and said, rather than the file refused
                notes.add(vmName + ": ⌈U⌉ = " + wanted + " vCPUs, more than the " + VirtualMachine.MAX_VCPUS
                        + " a VM holds: " + vcpus + " vCPUs.");
            }
            boolean edf = cs.equalsIgnoreCase("gEDF");
            sched = vcpus > 1 ? (edf ? GuestScheduler.GLOBAL_EDF : GuestScheduler.GLOBAL_RM)
                    : (edf ? GuestScheduler.EDF : GuestScheduler.RM);
            globalComponents.add(vmName);
        }
        double t1 = tasks.stream().mapToDouble(Task::period).min().orElseThrow();
        if (!Double.isNaN(range[0])) {
            t1 = Math.max(range[0], Math.min(range[1], t1)); // the placeholder period inside CARTS's range
        }
        return new VirtualMachine(vmName, t1, t1, 0, 0, 0, sched, null, tasks).withVcpus(vcpus);
    }

    /** A component's {@code <task>} elements as tasks (p, e, d; d = p when absent), each with its origin. */
    private static List<Task> cartsTasks(String source, String where, Element comp, ImportOrigins origins)
            throws InvalidScenarioException {
        List<Task> tasks = new ArrayList<>();
        int t = 0;
        for (Element task : children(comp, "task")) {
            t++;
            String taskName = task.getAttribute("name").isEmpty() ? "t" + t : task.getAttribute("name");
            String tw = where + ", <task> " + t + " (" + Limits.oneLine(taskName, Limits.MAX_QUOTED) + ")";
            origins.task(tw, task);
            double p = number(source, tw, task, "p");
            double e = number(source, tw, task, "e");
            double d = task.hasAttribute("d") ? number(source, tw, task, "d") : p;
            tasks.add(new Task(taskName, e, p, d, 0));
        }
        return tasks;
    }

    /**
     * {@code head} and as many of {@code notes} as the description's limit holds, then how many were
     * left out: the import writes these notes itself, and a file of many long-named components must
     * not be refused for text its author never wrote.
     */
    static String withNotes(String head, List<String> notes) {
        StringBuilder b = new StringBuilder(head);
        for (int i = 0; i < notes.size(); i++) {
            // room for the note, and for the tail only while notes remain after it
            int after = notes.size() - i - 1;
            if (b.length() + 1 + notes.get(i).length() + (after == 0 ? 0 : leftOut(after).length())
                    > Limits.MAX_DESCRIPTION) {
                return b.append(leftOut(notes.size() - i)).toString();
            }
            b.append(' ').append(notes.get(i));
        }
        return b.toString();
    }

    private static String leftOut(int n) {
        return " (" + Format.count(n, "more note", "more notes") + " left out: a description holds at most "
                + Format.exact(Limits.MAX_DESCRIPTION) + " characters)";
    }

    /** A single-processor scheduler {@code s}, written as attribute {@code attr} of element {@code where}. */
    private static HypervisorPolicy cartsPolicy(String source, String where, String attr, String s)
            throws InvalidScenarioException {
        String known = " (DM, RM or EDF; gEDF, gRM or gDM for a global component)";
        if (s.isEmpty()) {
            throw new InvalidScenarioException(source, where + ": attribute " + attr + " is missing" + known);
        }
        return switch (s.toUpperCase(Locale.ROOT)) {
            case "DM", "RM" -> HypervisorPolicy.RM;
            case "EDF" -> HypervisorPolicy.EDF;
            default -> throw new InvalidScenarioException(source, where + ": attribute " + attr + " = " + Limits.quote(s)
                    + " is not one VMSched models" + known);
        };
    }

    private static Scenario simso(String source, String name, Element root, ImportOrigins origins)
            throws InvalidScenarioException {
        int cpus = 0;
        for (Element procs : children(root, "processors")) {
            cpus += children(procs, "processor").size();
        }
        String schedClass = "";
        for (Element sched : children(root, "sched")) {
            schedClass = sched.getAttribute("class") + sched.getAttribute("className");
        }
        GuestScheduler guest = schedClass.toUpperCase(Locale.ROOT).contains("EDF") ? GuestScheduler.EDF : GuestScheduler.RM;
        List<Task> tasks = new ArrayList<>();
        origins.vm("<tasks>", root, null);
        int t = 0;
        for (Element list : children(root, "tasks")) {
            for (Element task : children(list, "task")) {
                t++;
                String taskName = task.getAttribute("name").isEmpty() ? "T" + t : task.getAttribute("name");
                String where = "<task> " + t + " (" + Limits.oneLine(taskName, Limits.MAX_QUOTED) + ")";
                origins.task(where, task);
                String type = task.getAttribute("task_type");
                if (!type.isEmpty() && !type.equals("Periodic")) {
                    throw new InvalidScenarioException(source, where + ": task_type " + Limits.quote(type)
                            + "; only Periodic tasks can be imported");
                }
                double p = number(source, where, task, "period");
                double e = number(source, where, task, "WCET");
                double d = task.hasAttribute("deadline") ? number(source, where, task, "deadline") : p;
                double o = task.hasAttribute("activationDate") ? number(source, where, task, "activationDate") : 0;
                tasks.add(new Task(taskName, e, p, d, o));
            }
        }
        if (tasks.isEmpty()) {
            throw new InvalidScenarioException(source, "<simulation> holds no <tasks><task>");
        }
        double t1 = tasks.stream().mapToDouble(Task::period).min().orElseThrow();
        VirtualMachine vm = new VirtualMachine("VM1", t1, t1, 0, 0, 0, guest, null, tasks);
        String desc = "Imported from a SimSo configuration (times in ms, scheduler " + (schedClass.isEmpty() ? "unset"
                : schedClass) + ", " + cpus + " processor(s)): its flat task set as one VM. Period and budget are"
                + " placeholders (budget = period): run design.";
        return new Scenario(Scenario.SCHEMA_VERSION, name, desc, new Platform(HypervisorPolicy.EDF, Math.max(1, cpus)),
                List.of(vm), SimulationSettings.DEFAULT);
    }

    static double number(String source, String where, Element e, String attr) throws InvalidScenarioException {
        String v = e.getAttribute(attr).trim();
        if (v.isEmpty()) {
            throw new InvalidScenarioException(source, where + ": attribute " + attr + " is missing");
        }
        try {
            double d = Double.parseDouble(v);
            if (!Double.isFinite(d)) {
                throw new NumberFormatException();
            }
            return d;
        } catch (NumberFormatException ex) {
            throw new InvalidScenarioException(source, where + ": attribute " + attr + " = " + Limits.quote(v)
                    + " is not a number");
        }
    }

    static List<Element> children(Element parent, String tag) {
        List<Element> out = new ArrayList<>();
        NodeList nl = parent.getChildNodes();
        for (int i = 0; i < nl.getLength(); i++) {
            Node n = nl.item(i);
            if (n instanceof Element el && el.getTagName().equals(tag)) {
                out.add(el);
            }
        }
        return out;
    }

    static Document parse(String source, String xml) throws InvalidScenarioException {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setXIncludeAware(false);
            f.setExpandEntityReferences(false);
            DocumentBuilder b = f.newDocumentBuilder();
            b.setErrorHandler(new DefaultHandler()); // errors become exceptions, not stderr lines
            return b.parse(new InputSource(new StringReader(xml)));
        } catch (SAXParseException e) {
            String where = e.getLineNumber() > 0 ? "line " + e.getLineNumber() + ", column " + e.getColumnNumber() + ": " : "";
            throw new InvalidScenarioException(source, where + xmlProblem(e.getMessage()));
        } catch (SAXException e) {
            throw new InvalidScenarioException(source, xmlProblem(e.getMessage()));
        } catch (ParserConfigurationException | IOException e) {
            throw new InvalidScenarioException(source, "not readable as XML");
        }
    }

    /**
     * The XML parser's complaint in our words (docs/reference/command-line.md, "Limits"): its own wording, with feature
     * URIs and JAXP codes, never reaches a user. Matched on the parser's English messages; an
     * unknown one becomes "not well-formed XML", still with its line and column.
     */
    static String xmlProblem(String message) {
        String m = message == null ? "" : message;
        if (m.contains("DOCTYPE")) {
            return "a DOCTYPE is not accepted (files with entities are refused)";
        }
        if (m.contains("JAXP00010002") || m.contains("attributes")) {
            return "too many attributes on one element";
        }
        if (m.contains("JAXP0001") || m.contains("JAXP0002")) {
            return "the XML passes a size limit of the reader (entities, depth or names)";
        }
        return "not well-formed XML: " + wellFormedness(m);
    }

    private static String wellFormedness(String m) {
        if (m.contains("was referenced, but not declared")) {
            return "an entity reference (&name;) that XML does not define; write the character itself";
        }
        if (m.contains("must be terminated by the matching end-tag")) {
            return "an element is not closed by its matching end tag";
        }
        if (m.contains("Premature end of file") || m.contains("must start and end within the same entity")) {
            return "the file ends before the XML is complete";
        }
        if (m.contains("Content is not allowed in prolog")) {
            return "there is text before the first element (is it an XML file?)";
        }
        if (m.contains("Content is not allowed in trailing section") || m.contains("following the root element")) {
            return "there is more after the end of the root element";
        }
        if (m.contains("was already specified")) {
            return "an attribute is given twice on one element";
        }
        if (m.contains("must not contain the '<' character")) {
            return "an attribute value holds '<' (write &lt;)";
        }
        if (m.contains("invalid XML character") || m.contains("Invalid byte") || m.contains("Input length")) {
            return "a character that XML does not allow";
        }
        if (m.contains("must be followed by") || m.contains("must be quoted") || m.contains("Open quote")
                || m.contains("is expected")) {
            return "a malformed tag or attribute (attribute values take quotes: name=\"value\")";
        }
        return "the parser stops here";
    }
}
