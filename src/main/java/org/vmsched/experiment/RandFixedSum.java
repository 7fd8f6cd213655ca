package org.vmsched.experiment;

import java.util.Arrays;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * Stafford's RandFixedSum (R. Stafford, MATLAB Central 9700, 2006; used for task utilisations by
 * Emberson, Stafford and Davis, WATERS 2010): n values, each in [a, b], summing to s, drawn
 * uniformly from that slice of the hypercube (THEORY.md §16.1). Unlike UUniFast-discard it never
 * rejects a draw, so it stays fast when s is close to n·b. A port of the published MATLAB code for
 * one vector, with {@link StrictMath} so the draw is the same on every machine. Stateless.
 */
public final class RandFixedSum {

    private RandFixedSum() {
    }

    /**
     * n ≥ 1 values in [a, b] (a ≤ b) with sum s, n·a ≤ s ≤ n·b; the sum is s up to rounding.
     *
     * @throws IllegalArgumentException when s is outside [n·a, n·b] or the bounds are reversed
     */
    public static double[] draw(int n, double s, double a, double b, RandomGenerator rng) {
        if (n < 1 || !(a <= b) || !(s >= n * a - 1e-9 * Math.max(1, Math.abs(n * a))) || !(s <= n * b + 1e-9 * Math.max(1, n * b))) {
            throw new IllegalArgumentException("RandFixedSum needs n >= 1, a <= b and n·a <= s <= n·b, got n = " + n
                    + ", s = " + s + ", [" + a + ", " + b + "]");
        }
        if (a == b || n == 1) {
            double[] same = new double[n];
            Arrays.fill(same, n == 1 ? Math.min(b, Math.max(a, s)) : a);
            return same;
        }
        double unit = (s - n * a) / (b - a); // the sum on the unit cube
        int k = (int) Math.max(Math.min(Math.floor(unit), n - 1), 0);
        unit = Math.max(Math.min(unit, k + 1), k);
        double[][] t = transitions(n, k, unit);
        double[] x = onTheUnitCube(n, k, unit, t, rng);
        // a uniformly random order (Fisher–Yates; the MATLAB code sorts random keys, the same law)
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = x[i + 1];
        }
        for (int i = n - 1; i > 0; i--) {
            int r = rng.nextInt(i + 1);
            double tmp = out[i];
            out[i] = out[r];
            out[r] = tmp;
        }
        for (int i = 0; i < n; i++) {
            // rounding may leave a value a hair outside [0, 1]
            out[i] = a + (b - a) * Math.min(1, Math.max(0, out[i]));
        }
        return out;
    }

    /**
     * The MATLAB code's table t: t[i][c] the probability of the step that keeps the simplex index
     * when the draw has i + 1 values left, from the volumes w of the slices (1-based as there).
     */
    private static double[][] transitions(int n, int k, double unit) {
        // 1-based as in the MATLAB code: s1(i) = unit − (k − i + 1), s2(i) = (k + n − i + 1) − unit
        double[] s1 = new double[n + 1];
        double[] s2 = new double[n + 1];
        for (int i = 1; i <= n; i++) {
            s1[i] = unit - (k - i + 1);
            s2[i] = (k + n - i + 1) - unit;
        }
        double[][] w = new double[n + 1][n + 2];
        w[1][2] = Double.MAX_VALUE;
        double[][] t = new double[n][n + 1];
        double tiny = Double.MIN_VALUE;
        for (int i = 2; i <= n; i++) {
            for (int c = 1; c <= i; c++) {
                double tmp1 = w[i - 1][c + 1] * s1[c] / i;
                double tmp2 = w[i - 1][c] * s2[n - i + c] / i;
                w[i][c + 1] = tmp1 + tmp2;
                double tmp3 = w[i][c + 1] + tiny;
                boolean right = s2[n - i + c] > s1[c];
                t[i - 1][c] = right ? tmp2 / tmp3 : 1 - tmp1 / tmp3;
            }
        }
        return t;
    }

    /** The n values on the unit cube summing to {@code unit}, x[1..n] in the MATLAB code's order. */
    private static double[] onTheUnitCube(int n, int k, double unit, double[][] t, RandomGenerator rng) {
        double[] x = new double[n + 1];
        double sum = unit;
        int j = k + 1;
        double sm = 0;
        double pr = 1;
        for (int i = n - 1; i >= 1; i--) {
            double rt = rng.nextDouble();
            double rs = rng.nextDouble();
            int e = rt <= t[i][j] ? 1 : 0;
            double sx = StrictMath.pow(rs, 1.0 / i);
            sm += (1 - sx) * pr * sum / (i + 1);
            pr *= sx;
            x[n - i] = sm + pr * e;
            sum -= e;
            j -= e;
        }
        x[n] = sm + pr * sum;
        return x;
    }
}
