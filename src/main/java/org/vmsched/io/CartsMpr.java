package org.vmsched.io;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.vmsched.analysis.mpr.GlobalTask;
import org.vmsched.model.Limits;
import org.vmsched.model.InvalidScenarioException;
import org.w3c.dom.Element;

/**
 * CARTS inputs with multiprocessor components (THEORY.md §15.9; docs/engineer.md "CARTS and SimSo files"): a
 * {@code <system os_scheduler=… min_period=… max_period=…>} holding {@code <component name=…
 * scheduler="gEDF"|"gRM"|"gDM" min_period=… max_period=…>} (or {@code period=…} for one period)
 * elements, each with sporadic {@code <task name=… p=… d=… e=…>} (d defaults to p; CARTS's
 * {@code delta_*} overhead attributes and any other attribute are ignored). A component's period
 * range is its own, else the system's, else none (the designer's default). Single-processor
 * components (EDF, RM, DM) are listed with their scheduler as written; they are
 * {@link ForeignFormats}'s business. Nested components are refused. Every refusal names the
 * element and the attribute. Read through {@link InputFiles} and the same hardened XML parser as
 * {@link ForeignFormats}. Stateless.
 */
public final class CartsMpr {

    /** One CARTS input: the system's scheduler as written and its components in file order. Immutable. */
    public record CartsSystem(String osScheduler, List<Component> components) {

        public CartsSystem {
            components = List.copyOf(components);
        }
    }

    /**
     * One component: its name, scheduler as CARTS writes it ("gEDF", "gRM", "gDM", "EDF", …),
     * period range (NaN ends when not given) and tasks with their names (same order). Immutable.
     */
    public record Component(String name, String scheduler, double minPeriod, double maxPeriod,
                            List<String> taskNames, List<GlobalTask> tasks) {

        public Component {
            taskNames = List.copyOf(taskNames);
            tasks = List.copyOf(tasks);
        }

        /** Whether the component is scheduled globally over several processors (gEDF, gRM, gDM). */
        public boolean global() {
            return isGlobal(scheduler);
        }
    }

    private CartsMpr() {
    }

    /** Whether a CARTS scheduler name is a global multiprocessor one. */
    public static boolean isGlobal(String scheduler) {
        String s = scheduler.toUpperCase(Locale.ROOT);
        return s.equals("GEDF") || s.equals("GRM") || s.equals("GDM");
    }

    /** A CARTS file, through the input gate. */
    public static CartsSystem read(Path file) throws InvalidScenarioException {
        String text;
        try {
            text = InputFiles.read(file, "a CARTS XML file");
        } catch (InputFiles.Refused e) {
            throw new InvalidScenarioException(file.toString(), e.getMessage());
        }
        return parse(file.toString(), text);
    }

    /** CARTS text; {@code source} names it in messages. */
    public static CartsSystem parse(String source, String xml) throws InvalidScenarioException {
        Element root = ForeignFormats.parse(source, xml).getDocumentElement();
        if (!root.getTagName().equals("system")) {
            throw new InvalidScenarioException(source, "root element <"
                    + Limits.oneLine(root.getTagName(), Limits.MAX_QUOTED)
                    + ">: expected <system> (a CARTS input)");
        }
        double[] systemRange = range(source, "<system>", root);
        List<Component> out = new ArrayList<>();
        int c = 0;
        for (Element comp : ForeignFormats.children(root, "component")) {
            c++;
            String name = comp.getAttribute("name").isEmpty() ? "C" + c : comp.getAttribute("name");
            String where = "<component> " + c + " (" + Limits.oneLine(name, Limits.MAX_QUOTED) + ")";
            if (!ForeignFormats.children(comp, "component").isEmpty()) {
                throw new InvalidScenarioException(source, where + ": nested <component> elements are not read"
                        + " (one level: system, components, tasks)");
            }
            String sched = comp.getAttribute("scheduler").trim();
            if (sched.isEmpty()) {
                throw new InvalidScenarioException(source, where + ": attribute scheduler is missing (gEDF, gRM, gDM,"
                        + " EDF, RM or DM)");
            }
            if (!isGlobal(sched) && !List.of("EDF", "RM", "DM").contains(sched.toUpperCase(Locale.ROOT))) {
                throw new InvalidScenarioException(source, where + ": attribute scheduler = " + Limits.quote(sched)
                        + " is not gEDF, gRM, gDM, EDF, RM or DM");
            }
            double[] own = range(source, where, comp);
            double[] r = Double.isNaN(own[0]) ? systemRange : own;
            List<String> names = new ArrayList<>();
            List<GlobalTask> tasks = new ArrayList<>();
            int t = 0;
            for (Element task : ForeignFormats.children(comp, "task")) {
                t++;
                String tn = task.getAttribute("name").isEmpty() ? "t" + t : task.getAttribute("name");
                String tw = where + ", <task> " + t + " (" + Limits.oneLine(tn, Limits.MAX_QUOTED) + ")";
                names.add(tn);
                tasks.add(task(source, tw, task, sched));
            }
            if (tasks.isEmpty()) {
                throw new InvalidScenarioException(source, where + ": no <task> inside");
            }
            out.add(new Component(name, sched, r[0], r[1], names, tasks));
        }
        if (out.isEmpty()) {
            throw new InvalidScenarioException(source, "<system> holds no <component>");
        }
        return new CartsSystem(root.getAttribute("os_scheduler"), out);
    }

    /** One {@code <task>} of a component as a task (p, e, d), checked: e <= d <= p, d = p under gDM. */
    private static GlobalTask task(String source, String tw, Element task, String sched) throws InvalidScenarioException {
        double p = positive(source, tw, task, "p");
        double e = positive(source, tw, task, "e");
        double d = task.hasAttribute("d") ? positive(source, tw, task, "d") : p;
        if (e > d) {
            throw new InvalidScenarioException(source, tw + ": attribute e = " + num(e)
                    + " (the wcet) is above d = " + num(d));
        }
        if (d > p) {
            throw new InvalidScenarioException(source, tw + ": attribute d = " + num(d)
                    + " is above p = " + num(p) + " (only constrained deadlines are analysed)");
        }
        if (sched.equalsIgnoreCase("gDM") && d != p) {
            throw new InvalidScenarioException(source, tw + ": under gDM a deadline d = " + num(d)
                    + " other than p = " + num(p) + " is not read (VMSched's global fixed priority is RM)");
        }
        return GlobalTask.of(e, d, p);
    }

    /**
     * (min_period, max_period), or (period, period), or (NaN, NaN) when neither is given, of
     * element {@code e} ({@code where} names it in a refusal). Also read by {@link ForeignFormats}'s import.
     */
    static double[] range(String source, String where, Element e) throws InvalidScenarioException {
        if (e.hasAttribute("period") && !e.hasAttribute("min_period") && !e.hasAttribute("max_period")) {
            double p = positive(source, where, e, "period");
            return new double[] {p, p};
        }
        if (!e.hasAttribute("min_period") && !e.hasAttribute("max_period")) {
            return new double[] {Double.NaN, Double.NaN};
        }
        if (!e.hasAttribute("min_period") || !e.hasAttribute("max_period")) {
            throw new InvalidScenarioException(source, where + ": attribute " + (e.hasAttribute("min_period")
                    ? "max_period" : "min_period") + " is missing (give both ends of the period range, or neither)");
        }
        double lo = positive(source, where, e, "min_period");
        double hi = positive(source, where, e, "max_period");
        if (lo > hi) {
            throw new InvalidScenarioException(source, where + ": attribute min_period = " + num(lo)
                    + " is above max_period = " + num(hi));
        }
        return new double[] {lo, hi};
    }

    private static double positive(String source, String where, Element e, String attr) throws InvalidScenarioException {
        double v = ForeignFormats.number(source, where, e, attr);
        if (!(v > 0)) {
            throw new InvalidScenarioException(source, where + ": attribute " + attr + " = " + num(v)
                    + " must be positive");
        }
        return v;
    }

    private static String num(double x) {
        return BigDecimal.valueOf(x).stripTrailingZeros().toPlainString();
    }
}
