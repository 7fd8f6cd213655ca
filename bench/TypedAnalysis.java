import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.ui.Background;
import org.vmsched.ui.analysis.AnalysisViewModel;

/**
 * The window's analysis while a value is typed, without the window: three keystrokes 150 ms apart
 * (the first VM's first task's wcet as three values), each a request of the live analysis on its
 * worker thread as the window makes it, as keystrokes ({@code true}) or as plain edits
 * ({@code false}, what every keystroke was before the pause in typing); prints the worker's CPU
 * time until the last value is analysed and how many verdict tables were shown on the way, per round. Run from the project folder after a build:
 * {@code java -cp target/vmsched.jar bench/TypedAnalysis.java bench/sim-3vm-30tasks.json true}
 */
public class TypedAnalysis {

    public static void main(String[] args) throws Exception {
        Scenario s = ScenarioJson.load(Path.of(args[0]));
        boolean typed = Boolean.parseBoolean(args[1]);
        VirtualMachine v = s.vms().get(0);
        Task t = v.tasks().get(0);
        List<Scenario> keystrokes = new ArrayList<>();
        for (double f : new double[] {0.5, 0.55, 0.555}) {
            List<Task> tasks = new ArrayList<>(v.tasks());
            tasks.set(0, t.withWcet(t.wcet() * f));
            List<VirtualMachine> vms = new ArrayList<>(s.vms());
            vms.set(0, v.withTasks(tasks));
            keystrokes.add(s.withVms(vms));
        }
        ExecutorService ui = Executors.newSingleThreadExecutor();
        Background daemon = Background.daemon("analysis");
        AtomicLong cpu = new AtomicLong();
        Background timed = (work, cancel, delay) -> daemon.schedule(() -> {
            long c0 = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
            work.run();
            cpu.addAndGet(ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - c0);
        }, cancel, delay);
        for (int round = 0; round < 4; round++) { // the first rounds warm the JIT
            AnalysisViewModel vm = new AnalysisViewModel(ui, timed, 40); // the window's debounce
            cpu.set(0);
            int[] shown = {0};
            ui.submit(() -> vm.verdictsProperty().addListener((o, was, now) -> shown[0] += now.value() == null ? 0 : 1)).get();
            long revision = 0;
            for (Scenario k : keystrokes) {
                long r = ++revision;
                ui.submit(() -> vm.request(k, 0, 0, null, r, typed)).get();
                Thread.sleep(150);
            }
            while (ui.submit(() -> vm.stateProperty().get()).get() != AnalysisViewModel.State.CURRENT) {
                Thread.sleep(20);
            }
            Thread.sleep(300);
            System.out.println(args[0] + " keystrokes=" + typed + " round " + round + ": analysis CPU "
                    + cpu.get() / 1_000_000 + " ms, verdict tables shown " + ui.submit(() -> shown[0]).get());
        }
        System.exit(0);
    }
}
