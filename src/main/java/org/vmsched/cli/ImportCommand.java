package org.vmsched.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.vmsched.io.ForeignFormats;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.InvalidScenarioException;
import org.vmsched.model.Scenario;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code import FILE}: a CARTS input or a SimSo configuration as a VMSched scenario. */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = "A CARTS input (XML <system> of <component>s with periodic <task>s; one VM per component) or a"
                + " SimSo configuration (XML <simulation>; its flat task set as one VM) as a scenario (JSON).")
public final class ImportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "The CARTS or SimSo XML file.")
    Path file;

    @Option(names = "--out", paramLabel = "OUT", description = "Write the scenario here (default: print it).")
    Path out;

    @Override
    public Integer call() {
        Scenario s;
        try {
            s = ForeignFormats.importFile(file);
        } catch (InvalidScenarioException e) {
            throw new BadInputException(e.getMessage());
        }
        PrintWriter w = spec.commandLine().getOut();
        if (out == null) {
            w.println(ScenarioJson.toJson(s));
        } else {
            try {
                ScenarioJson.save(s, out);
            } catch (IOException e) {
                throw CliSupport.cannotWrite("--out", out, e);
            }
            w.println("wrote " + out + " (" + s.vms().size() + " VM" + (s.vms().size() == 1 ? "" : "s")
                    + "; periods and budgets are placeholders: run design)");
        }
        return 0;
    }
}
