package org.vmsched;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.ImportTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.PackageTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Rewrites package-qualified type names in code ({@code java.util.List}, {@code
 * org.jfree.chart.plot.XYPlot}) to simple names with an import, in every Java file below the
 * given source folders (issue 31 item 4). Run from the project's root:
 *
 * <pre>java src/test/java/org/vmsched/ImportQualifiedNames.java src/main/java</pre>
 *
 * <p>It reads the files with the JDK's parser (nothing resolved, nothing compiled) and decides
 * with the same code as {@code ReadableSourcesTest}, which calls its {@link Names}, {@link
 * #qualifiedType} and {@link #isJavaLang}: a dotted name is package-qualified when its first part is
 * the first part of a package the sources import or declare, that word names no variable in the
 * file, and a later part starts with a capital (the top-level type; {@code java.util.Map.Entry}
 * becomes {@code Map.Entry} with {@code import java.util.Map;}). A name stays qualified where its
 * simple name would clash: the file declares a type (or type parameter) of that name, imports
 * another type of that name, writes another qualified type of that name, its own package has a
 * main class of that name, or the name is a {@code java.lang} type's. Types of {@code java.lang}
 * and of the file's own package need no import. New imports go into the file's block of
 * (non-static) imports in alphabetical order; nothing else in a file changes. It prints what it
 * changed and what it left; compile and run the tests after it.
 */
public class ImportQualifiedNames {

    public static void main(String[] args) throws IOException {
        List<Path> paths = new ArrayList<>();
        for (String folder : args.length == 0 ? new String[] {"src/main/java"} : args) {
            try (Stream<Path> s = Files.walk(Path.of(folder))) {
                s.filter(p -> p.toString().endsWith(".java")).sorted().forEach(paths::add);
            }
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StandardJavaFileManager files = javac.getStandardFileManager(null, null, StandardCharsets.UTF_8);
        JavacTask task = (JavacTask) javac.getTask(null, files, null, List.of("-proc:none"), null,
                files.getJavaFileObjectsFromPaths(paths));
        List<CompilationUnitTree> units = new ArrayList<>();
        task.parse().forEach(units::add);
        SourcePositions positions = Trees.instance(task).getSourcePositions();

        Set<String> roots = new HashSet<>();
        Map<String, Set<String>> typesByPackage = new HashMap<>();
        for (CompilationUnitTree unit : units) {
            String pkg = packageOf(unit);
            roots.add(pkg.split("\\.")[0]);
            for (ImportTree i : unit.getImports()) {
                roots.add(i.getQualifiedIdentifier().toString().split("\\.")[0]);
            }
            for (Tree t : unit.getTypeDecls()) {
                if (t instanceof ClassTree c) {
                    typesByPackage.computeIfAbsent(pkg, k -> new HashSet<>()).add(c.getSimpleName().toString());
                }
            }
        }
        int rewritten = 0;
        int kept = 0;
        int changedFiles = 0;
        for (CompilationUnitTree unit : units) {
            Path file = Path.of(unit.getSourceFile().toUri());
            String text = Files.readString(file);
            String pkg = packageOf(unit);
            Names names = Names.of(unit);
            Map<String, Set<String>> qualifiedBySimple = new HashMap<>();
            List<Use> uses = new ArrayList<>();
            new TreePathScanner<Void, Void>() {
                @Override
                public Void visitImport(ImportTree node, Void unused) {
                    return null;
                }

                @Override
                public Void visitPackage(PackageTree node, Void unused) {
                    return null;
                }

                @Override
                public Void visitMemberSelect(MemberSelectTree node, Void unused) {
                    String type = qualifiedType(node, roots, names.variables());
                    if (type == null) {
                        return super.visitMemberSelect(node, unused);
                    }
                    String simple = type.substring(type.lastIndexOf('.') + 1);
                    qualifiedBySimple.computeIfAbsent(simple, k -> new TreeSet<>()).add(type);
                    uses.add(new Use((int) positions.getStartPosition(unit, node), type, simple));
                    return null;
                }
            }.scan(unit, null);
            StringBuilder out = new StringBuilder(text);
            Set<String> imports = new TreeSet<>();
            // from the end, so that earlier positions stay valid
            uses.sort((a, b) -> Integer.compare(b.start(), a.start()));
            for (Use u : uses) {
                String typePackage = u.type().substring(0, u.type().lastIndexOf('.'));
                boolean clash = names.types().contains(u.simple())
                        || names.imported().containsKey(u.simple()) && !names.imported().get(u.simple()).equals(u.type())
                        || qualifiedBySimple.get(u.simple()).size() > 1
                        || !typePackage.equals(pkg) && typesByPackage.getOrDefault(pkg, Set.of()).contains(u.simple())
                        || !typePackage.equals("java.lang") && isJavaLang(u.simple());
                boolean asWritten = text.startsWith(u.type(), u.start());
                if (clash || !asWritten) {
                    kept++;
                    System.out.println("kept " + file + ": " + u.type() + (clash ? " (clash)" : " (spread over lines)"));
                    continue;
                }
                out.replace(u.start(), u.start() + typePackage.length() + 1, "");
                rewritten++;
                if (!typePackage.equals("java.lang") && !typePackage.equals(pkg)
                        && !u.type().equals(names.imported().get(u.simple()))) {
                    imports.add(u.type());
                }
            }
            if (out.length() != text.length()) {
                Files.writeString(file, withImports(out.toString(), imports));
                changedFiles++;
            }
        }
        System.out.println(rewritten + " qualified names rewritten in " + changedFiles + " files; " + kept + " kept");
    }

    /** One qualified name in code: where it starts in the file, the top-level type, its simple name. */
    record Use(int start, String type, String simple) {}

    /** What a file names: its types and type parameters, the simple names it imports, its variables. */
    record Names(Set<String> types, Map<String, String> imported, Set<String> variables) {

        static Names of(CompilationUnitTree unit) {
            Set<String> types = new HashSet<>();
            Set<String> variables = new HashSet<>();
            Map<String, String> imported = new HashMap<>();
            for (ImportTree i : unit.getImports()) {
                String q = i.getQualifiedIdentifier().toString();
                if (!q.endsWith(".*")) {
                    imported.put(q.substring(q.lastIndexOf('.') + 1), q);
                }
            }
            new TreePathScanner<Void, Void>() {
                @Override
                public Void visitClass(ClassTree c, Void unused) {
                    types.add(c.getSimpleName().toString());
                    c.getTypeParameters().forEach(p -> types.add(p.getName().toString()));
                    return super.visitClass(c, unused);
                }

                @Override
                public Void visitMethod(MethodTree m, Void unused) {
                    m.getTypeParameters().forEach(p -> types.add(p.getName().toString()));
                    return super.visitMethod(m, unused);
                }

                @Override
                public Void visitVariable(VariableTree v, Void unused) {
                    variables.add(v.getName().toString());
                    return super.visitVariable(v, unused);
                }
            }.scan(unit, null);
            return new Names(types, imported, variables);
        }
    }

    /** The top-level type a package-qualified dotted name starts with, else null. */
    static String qualifiedType(MemberSelectTree node, Set<String> roots, Set<String> variables) {
        List<String> parts = new ArrayList<>();
        Tree t = node;
        while (t instanceof MemberSelectTree s) {
            parts.add(0, s.getIdentifier().toString());
            t = s.getExpression();
        }
        if (!(t instanceof IdentifierTree first)) {
            return null;
        }
        String root = first.getName().toString();
        if (!roots.contains(root) || variables.contains(root) || Character.isUpperCase(root.charAt(0))) {
            return null;
        }
        StringBuilder type = new StringBuilder(root);
        for (String p : parts) {
            type.append('.').append(p);
            if (Character.isUpperCase(p.charAt(0))) {
                return type.toString();
            }
        }
        return null;
    }

    static boolean isJavaLang(String simple) {
        try {
            Class.forName("java.lang." + simple, false, ClassLoader.getPlatformClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    static String packageOf(CompilationUnitTree unit) {
        return unit.getPackageName() == null ? "" : unit.getPackageName().toString();
    }

    /**
     * {@code text} with {@code imports} added among its non-static imports: next to the imports
     * that share the longest start with it (its package's, else its library's), before the first
     * of them that sorts after it, else after the last of them; a file without such imports gets
     * a block after its static imports or its package line.
     */
    static String withImports(String text, Set<String> imports) {
        if (imports.isEmpty()) {
            return text;
        }
        List<String> lines = new ArrayList<>(text.lines().toList());
        for (String imp : imports) {
            String line = "import " + imp + ";";
            int best = -1;
            int at = -1;
            int last = -1;
            for (int i = 0; i < lines.size(); i++) {
                String l = lines.get(i);
                if (!l.startsWith("import ") || l.startsWith("import static ")) {
                    continue;
                }
                int common = 0;
                while (common < l.length() && common < line.length() && l.charAt(common) == line.charAt(common)) {
                    common++;
                }
                if (common > best) {
                    best = common;
                    at = -1;
                    last = i;
                    if (l.compareTo(line) > 0) {
                        at = i;
                    }
                } else if (common == best) {
                    last = i;
                    if (at < 0 && l.compareTo(line) > 0) {
                        at = i;
                    }
                }
            }
            if (last >= 0) {
                lines.add(at >= 0 ? at : last + 1, line);
            } else {
                int after = -1;
                for (int i = 0; i < lines.size(); i++) {
                    if (lines.get(i).startsWith("import static ") || lines.get(i).startsWith("package ")) {
                        after = i;
                    }
                }
                lines.add(after + 1, "");
                lines.add(after + 2, line);
            }
        }
        return String.join("\n", lines) + (text.endsWith("\n") ? "\n" : "");
    }
}
