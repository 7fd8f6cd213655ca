package org.vmsched.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProgressTest {

    record Call(double fraction, String what) {
    }

    static Progress into(List<Call> calls) {
        return (done, total, what) -> calls.add(new Call(Progress.ratio(done, total), what));
    }

    @Test
    void aPartMovesTheWholeWithinItsShareAndNamesItselfWhenAsked() {
        List<Call> calls = new ArrayList<>();
        Progress second = into(calls).part(0.5, 0.25, "simulated Tmax of VM2");
        second.progress(0, 4, "simulated Tmax");
        second.progress(2, 4, "simulated Tmax");
        second.progress(4, 4, "simulated Tmax");
        assertEquals(List.of(new Call(0.5, "simulated Tmax of VM2"), new Call(0.625, "simulated Tmax of VM2"),
                new Call(0.75, "simulated Tmax of VM2")), calls);
        calls.clear();
        into(calls).part(0, 0.5, null).progress(1, 2, "simulating");
        assertEquals(List.of(new Call(0.25, "simulating")), calls);
    }

    @Test
    void fractionsAreClampedAndRatioNeverDividesByZero() {
        List<Call> calls = new ArrayList<>();
        Progress p = into(calls);
        p.fraction(1.5, "");
        p.fraction(-1, "");
        p.fraction(Double.NaN, "");
        assertEquals(List.of(1.0, 0.0, 0.0), calls.stream().map(Call::fraction).toList());
        assertEquals(1.0, Progress.ratio(0, 0));
    }

    @Test
    void aCancellationIsSeenByCheckOnceCancelled() throws Exception {
        Cancellation c = new Cancellation();
        assertFalse(c.isCancelled());
        c.check();
        c.cancel();
        assertTrue(c.isCancelled());
        assertThrows(CancelledException.class, c::check);
    }

    @Test
    void uncancelledWorkGetsATokenNobodyCancelsAndACancelFromInsideIsABug() {
        assertEquals("done", Cancellation.uncancelled(never -> {
            never.check();
            return never.isCancelled() ? "cancelled" : "done";
        }));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Cancellation.uncancelled(own -> {
            own.cancel();
            own.check();
            return "unreached";
        }));
        assertTrue(e.getCause() instanceof CancelledException, e.toString());
    }
}
