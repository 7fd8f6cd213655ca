package org.vmsched.analysis;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * The exact arithmetic the verdicts share (THEORY.md §6.5, §8.5): a value is the decimal it was
 * written as, and quotients are rounded up in integers. Stateless.
 */
final class ExactDecimal {

    private ExactDecimal() {
    }

    /** The shortest decimal that reads back as this double, with a scale of at least 0. */
    static BigDecimal of(double d) {
        BigDecimal b = BigDecimal.valueOf(d).stripTrailingZeros();
        return b.scale() < 0 ? b.setScale(0) : b;
    }

    /** ⌈a/b⌉ for b &gt; 0. */
    static BigInteger ceilDiv(BigInteger a, BigInteger b) {
        BigInteger[] qr = a.divideAndRemainder(b);
        return qr[1].signum() > 0 ? qr[0].add(BigInteger.ONE) : qr[0];
    }

    /** Σ num[i]/den[i] as a reduced fraction {numerator, denominator}. */
    static BigInteger[] sum(BigInteger[] num, BigInteger[] den) {
        BigInteger n = BigInteger.ZERO;
        BigInteger d = BigInteger.ONE;
        for (int i = 0; i < num.length; i++) {
            n = n.multiply(den[i]).add(num[i].multiply(d));
            d = d.multiply(den[i]);
            BigInteger g = n.gcd(d);
            if (g.signum() > 0) {
                n = n.divide(g);
                d = d.divide(g);
            }
        }
        return new BigInteger[] {n, d};
    }
}
