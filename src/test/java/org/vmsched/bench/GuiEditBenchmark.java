package org.vmsched.bench;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.ui.Background;
import org.vmsched.ui.analysis.AnalysisViewModel;
import org.vmsched.ui.analysis.ChartDrawing;

/**
 * What one edit of the thesis example costs the GUI: the whole live-analysis pipeline of
 * {@link AnalysisViewModel} (verdicts, Explain text, supply/demand, 99 Tmax/good-period
 * columns, 300 max Ri/Ti samples, and the JFreeChart objects), run synchronously without the
 * debounce. Alternates two wcet values so every call is a real change.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class GuiEditBenchmark {

    Scenario a;
    Scenario b;
    AnalysisViewModel vm;
    boolean flip;

    @Setup
    public void setup() {
        a = Scenario.of("Thesis", List.of(VirtualMachine.of("VM1", 10, 4, 0,
                List.of(Task.of("t1", 2, 16), Task.of("t2", 1, 24), Task.of("t3", 4, 36)))));
        b = Scenario.of("Thesis", List.of(VirtualMachine.of("VM1", 10, 4, 0,
                List.of(Task.of("t1", 2, 16), Task.of("t2", 1, 24), Task.of("t3", 5, 36)))));
        vm = new AnalysisViewModel(Runnable::run, Background.immediate(), 0);
    }

    @Benchmark
    public Object editThesisExample() {
        flip = !flip;
        vm.request(flip ? a : b, 0, 2, null, flip ? 1 : 2);
        if (vm.stateProperty().get() != AnalysisViewModel.State.CURRENT) {
            throw new IllegalStateException(vm.messageProperty().get());
        }
        return ChartDrawing.of(vm.tmaxChartProperty().get());
    }
}
