package org.vmsched.cli;

import org.vmsched.model.Limits;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.vmsched.text.Format;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;
import org.vmsched.report.AnalysisReport;
import org.vmsched.report.TmaxSetting;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code budget FILE --vm NAME --period P}: the smallest budget that keeps every deadline. */
@Command(name = "budget", mixinStandardHelpOptions = true,
        description = "The smallest budget C_VM for a VM period (with the VM's overhead and scheduler), the VM alone on"
                + " a core (the thesis's supply; among its core mates it may need more: see analyze and tmax).")
public final class BudgetCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "Scenario file (JSON).")
    Path file;

    @Option(names = "--vm", required = true, description = "Name of the VM.")
    String vmName;

    @Option(names = "--period", required = true, description = "The VM period T_VM.")
    @Bounds(min = Limits.MIN_TIME, max = Limits.MAX_TIME)
    double period;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Override
    public Integer call() {
        Scenario s = CliSupport.load(file);
        VirtualMachine vm = CliSupport.oneServerVm(s, vmName);
        CliSupport.positive("--period", period);
        if (period <= vm.overhead()) {
            throw new BadInputException("--period must exceed the VM's overhead " + Format.typed(vm.overhead()) + ", got "
                    + CliSupport.typed(spec, "--period", period));
        }
        AnalysisReport report = AnalysisReport.of(s);
        double c = report.minBudget(s.vms().indexOf(vm), period);
        String caveat = report.aloneCaveat(s.vms().indexOf(vm));
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            ObjectNode root = CliSupport.object();
            root.put("vm", vm.name());
            root.put("setting", TmaxSetting.ALONE.words());
            root.put("period", period);
            CliSupport.note(root, caveat);
            if (Double.isNaN(c)) {
                root.putNull("minBudget");
            } else {
                root.put("minBudget", c);
            }
            CliSupport.printJson(out, root);
        } else if (Double.isNaN(c)) {
            out.println("VM " + vm.name() + " " + TmaxSetting.ALONE.words() + ": no budget up to the period " + Format.table(period) + " is enough");
        } else {
            // rounded up (a budget printed below the least one would not be enough) to six decimals
            // or six significant digits, whichever is closer: six decimals alone made the least
            // budget at period 1e-9 (3.1e-10) 0.000001, a thousand times the period
            String decimals = Format.roundedUp(c, 6);
            String digits = Format.significantUp(c, 6);
            String shown = new BigDecimal(decimals).compareTo(new BigDecimal(digits)) <= 0 ? decimals : digits;
            out.println("VM " + vm.name() + " " + TmaxSetting.ALONE.words() + ": at period " + Format.table(period) + " the smallest budget is "
                    + shown + (shown.equals(Format.plain(c)) ? ""
                    : " (rounded up; --json has it in full)") + " (bandwidth " + Format.table(c / period) + ")");
        }
        if (!json) {
            CliSupport.note(out, caveat);
        }
        return 0;
    }
}
