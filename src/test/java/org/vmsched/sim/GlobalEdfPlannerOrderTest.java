package org.vmsched.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Comparator;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The planner's order of servers (by deadline, then index: global EDF's order before its
 * running-first tie) is, after every replenishment, the order a plain sort gives: the binary search
 * and the one-copy move that replaced the walk keep the invariant, deadlines moving later or
 * earlier, with many ties, at the ends and in the middle.
 */
class GlobalEdfPlannerOrderTest {

    @ParameterizedTest(name = "{0} servers, deadlines below {1}")
    @CsvSource({"1, 5", "2, 3", "7, 4", "50, 6", "300, 40", "300, 100000"})
    void theOrderIsASortByDeadlineThenIndexAfterEveryReplenishment(int servers, int range) {
        Random random = new Random(servers * 31L + range);
        int[] vmOf = new int[servers];
        for (int i = 0; i < servers; i++) {
            vmOf[i] = i / 3;
        }
        GlobalEdfPlanner p = new GlobalEdfPlanner(2, vmOf[servers - 1] + 1, vmOf, false, new long[servers], (i, from, t) -> { });
        long[] deadline = new long[servers];
        for (int step = 0; step < 4000; step++) {
            int i = random.nextInt(servers);
            // mostly later, as a replenishment moves it; sometimes earlier, and often onto another's deadline
            long d = random.nextInt(4) == 0 ? deadline[random.nextInt(servers)] : random.nextInt(range);
            deadline[i] = d;
            p.replenished(i, d, random.nextBoolean());
            int[] expected = IntStream.range(0, servers).boxed()
                    .sorted(Comparator.<Integer>comparingLong(s -> deadline[s]).thenComparing(Comparator.naturalOrder()))
                    .mapToInt(Integer::intValue).toArray();
            assertArrayEquals(expected, p.orderView(), "after server " + i + " got deadline " + d + " at step " + step);
        }
    }
}
