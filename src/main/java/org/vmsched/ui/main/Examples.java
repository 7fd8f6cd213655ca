package org.vmsched.ui.main;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.vmsched.io.ScenarioJson;
import org.vmsched.ui.ResourceIndex;

/**
 * The bundled examples as File > Open Example and the guide show them: each by its title (the
 * scenario's {@code "name"}), in the teaching order of the index {@link MainViewModel#EXAMPLE_INDEX}
 * (the simplest first), the files of a subfolder ({@code hier/}, {@code latency/}) as a group of
 * their own. Stateless; safe from any thread.
 */
public final class Examples {

    /** One bundled example: its file under {@code scenarios/}, its title, and its group ("" or the subfolder). */
    public record Entry(String file, String title, String group) {
    }

    private Examples() {
    }

    /** The examples' file names in the index's order, e.g. "two-vms.json", "hier/cbs-two-vm.json". */
    public static List<String> files() {
        return ResourceIndex.lines(MainViewModel.class, MainViewModel.EXAMPLE_INDEX);
    }

    /** Every example in the index's order, each with its title (its file name when the file has none). */
    public static List<Entry> all() {
        List<Entry> out = new ArrayList<>();
        for (String f : files()) {
            int slash = f.lastIndexOf('/');
            out.add(new Entry(f, title(f), slash < 0 ? "" : f.substring(0, slash)));
        }
        return out;
    }

    /** What a group's heading in the menu says: "" for the top-level examples. */
    public static String groupTitle(String group) {
        return switch (group) {
            case "" -> "";
            case "hier" -> "Two-level schedulers (CBS, FP/FP)";
            case "latency" -> "Latency of a clock tick (Xen Credit, CBS)";
            default -> group + "/";
        };
    }

    /** The scenario's "name" as bundled; the file name when it is missing or unreadable. */
    static String title(String file) {
        try (InputStream in = MainViewModel.class.getResourceAsStream("/scenarios/" + file)) {
            if (in == null) {
                return file;
            }
            String name = ScenarioJson.mapper().readTree(in).path("name").asText("").strip();
            return name.isEmpty() ? file : name;
        } catch (IOException | RuntimeException e) {
            return file;
        }
    }
}
