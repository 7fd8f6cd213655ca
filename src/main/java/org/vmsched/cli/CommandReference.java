package org.vmsched.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The command reference ({@code docs/reference/commands.md}), generated from the picocli
 * definitions: each command's usage exactly as {@code vmsched help COMMAND} prints it, at a fixed
 * width and without colours, under one heading per command. {@code CommandReferenceTest} fails
 * when the committed file differs from {@link #markdown()}. Stateless.
 */
public final class CommandReference {

    /** The file this class writes, relative to the project folder. */
    public static final String FILE = "docs/reference/commands.md";

    /** The command that regenerates {@link #FILE}, as its header says. */
    public static final String REGENERATE = "./mvnw -B -q package -DskipTests && java -cp target/vmsched.jar "
            + CommandReference.class.getName() + " " + FILE;

    /** The usage's width in columns: picocli's default, fixed so that no terminal or property changes the file. */
    private static final int WIDTH = 80;

    private CommandReference() {
    }

    /** Writes the reference to the file {@code args[0]}, or to standard output without an argument. */
    public static void main(String[] args) throws IOException {
        if (args.length == 0) {
            System.out.print(markdown());
        } else {
            Files.writeString(Path.of(args[0]), markdown(), StandardCharsets.UTF_8);
        }
    }

    /** The whole reference: a header, a list of the commands and each command's usage in a code block. */
    public static String markdown() {
        StringBuilder sb = new StringBuilder();
        sb.append("<!-- Generated from the picocli definitions (org.vmsched.cli.Main and its *Command classes) by\n")
                .append("     ").append(CommandReference.class.getName()).append(": do not edit. Regenerate with\n")
                .append("     ").append(REGENERATE).append("\n")
                .append("     CommandReferenceTest fails when this file differs from what the program prints. -->\n\n");
        sb.append("# Commands\n\n");
        sb.append("Every command's options, as `vmsched help COMMAND` (or `vmsched COMMAND --help`) prints them.\n")
                .append("How the commands behave, their limits and their JSON outputs are in\n")
                .append("[the command line's reference](command-line.md).\n\n");
        sb.append("- [vmsched](#vmsched)\n");
        for (Class<?> c : Main.COMMANDS) {
            String name = c.getAnnotation(Command.class).name();
            sb.append("- [").append(name).append("](#").append(name).append(")\n");
        }
        sb.append('\n');
        section(sb, "vmsched", Main.commandLine());
        for (Class<?> c : Main.COMMANDS) {
            String name = c.getAnnotation(Command.class).name();
            section(sb, name, Main.commandLine(name).getSubcommands().get(name));
        }
        return sb.toString();
    }

    private static void section(StringBuilder sb, String name, CommandLine cl) {
        cl.setUsageHelpWidth(WIDTH);
        String usage = cl.getUsageMessage(CommandLine.Help.Ansi.OFF).stripTrailing();
        sb.append("## ").append(name).append("\n\n```text\n");
        usage.lines().forEach(l -> sb.append(l.stripTrailing()).append('\n'));
        sb.append("```\n\n");
    }
}
