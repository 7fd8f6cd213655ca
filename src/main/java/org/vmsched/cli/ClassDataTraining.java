package org.vmsched.cli;

import java.io.OutputStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * The run the build records the classes of, for the {@code vmsched} script's class-data archive
 * (the JDK's AppCDS, {@code -XX:ArchiveClassesAtExit}, in the {@code package} phase of pom.xml):
 * the short commands people type, their output discarded. A command's JVM then maps these classes
 * instead of reading, parsing and verifying them from the jar, about a sixth of a short command's
 * CPU (BENCHMARKS.md, "Design", seventh round). Not a command of its own: nothing here is shown to
 * a user.
 */
public final class ClassDataTraining {

    private ClassDataTraining() {
    }

    /**
     * The command lines in {@code args}, separated by {@code ";"} (e.g. {@code analyze f.json ;
     * design f.json}), each run as {@code vmsched} runs it. Exits 0 whatever they answer: a command
     * refusing its input is part of the training too.
     */
    public static void main(String[] args) {
        PrintWriter none = new PrintWriter(OutputStream.nullOutputStream());
        for (List<String> line : lines(args)) {
            Main.run(line.toArray(String[]::new), none, none);
        }
        none.flush();
    }

    /** {@code args} split at each {@code ";"}, empty lines left out. */
    static List<List<String>> lines(String[] args) {
        List<List<String>> out = new ArrayList<>();
        List<String> line = new ArrayList<>();
        for (String a : args) {
            if (a.equals(";")) {
                if (!line.isEmpty()) {
                    out.add(line);
                }
                line = new ArrayList<>();
            } else {
                line.add(a);
            }
        }
        if (!line.isEmpty()) {
            out.add(line);
        }
        return out;
    }
}
