package org.vmsched.io;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The long run of {@link ScenarioFuzzTest} (BENCHMARKS.md): {@code CHUNKS SIZE SEED [KIND]} runs
 * CHUNKS chunks of SIZE documents of one file kind ({@code json}, the default, {@code carts} or
 * {@code simso}) with seeds SEED, SEED+1, … and prints the running totals and every failure. Not a test; started with {@code java -cp …}.
 */
public final class LongFuzz {

    private LongFuzz() {
    }

    public static void main(String[] args) throws Exception {
        int chunks = Integer.parseInt(args[0]);
        int size = Integer.parseInt(args[1]);
        long seed0 = Long.parseLong(args[2]);
        String kind = args.length > 3 ? args[3] : "json";
        long t0 = System.nanoTime();
        Map<String, Integer> all = new TreeMap<>();
        List<String> failures = new ArrayList<>();
        for (int k = 0; k < chunks; k++) {
            failures.clear();
            Map<String, Integer> o = ScenarioFuzzTest.fuzz(kind, size, seed0 + k, failures);
            o.forEach((key, v) -> all.merge(key, v, Integer::sum));
            System.out.println(kind + " chunk " + k + " seed " + (seed0 + k) + ": " + o + " | total " + all + " | "
                    + (System.nanoTime() - t0) / 1e9 + " s");
            failures.forEach(System.out::println);
            System.out.flush();
        }
    }
}
