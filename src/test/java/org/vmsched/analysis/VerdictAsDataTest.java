package org.vmsched.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A VM's undecided reason is chosen by data ({@link VmVerdict#noteVerdict}), not by reading the
 * note's first word back (review of issue 17: the note was labelled "undecided: …" and then parsed
 * with {@code Verdicts.isLabelled}).
 */
class VerdictAsDataTest {

    private static VmVerdict rm(String note, Verdict noteVerdict, String coreNote) {
        List<TaskVerdict> tasks = List.of(new TaskVerdict("t", 1, 10, 10, null, Verdict.UNDECIDED));
        return new VmVerdict("V", 10, 5, 0, 0.5, Verdict.UNDECIDED, Double.NaN, List.of(), Double.NaN, tasks, note,
                null, coreNote, null, List.of(), null, noteVerdict);
    }

    @Test
    void aNoteGivenAsTheUndecidedReasonIsTheReasonWhateverItsWords() {
        VmVerdict v = rm("the response-time iteration ran past its work budget", Verdict.UNDECIDED,
                "core 0 fails its hypervisor test: the budget is not guaranteed");
        assertEquals("the response-time iteration ran past its work budget", v.undecidedReason());
    }

    @Test
    void aRemarkThatHappensToBeginWithTheWordIsNotTheReason() {
        VmVerdict v = rm("undecided-looking remark: good periods not computed", null,
                "core 0's hypervisor test is undecided: the budget is not proven");
        assertEquals("core 0's hypervisor test is undecided: the budget is not proven", v.undecidedReason());
    }
}
