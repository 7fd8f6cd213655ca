package org.vmsched.exercise;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.regex.Pattern;
import org.apache.commons.math3.fraction.BigFraction;
import org.vmsched.model.Limits;

/**
 * A value a student types for a step, read exactly: an integer ({@code 14}), a decimal
 * ({@code 7.5}, {@code -0.25}) or a fraction ({@code 22/3}); or, for a step that asks for a
 * word (a verdict, the owner of a slot), that word in lower case ({@link Step#read}). No exponent, NaN or infinity:
 * a person writes none of them by hand. {@link #decimals()} remembers how many digits followed
 * the point, so a rounded {@code 7.333} of 22/3 is told from a wrong number. Immutable.
 *
 * @param number the exact number, or null for a word
 * @param word the word, or null for a number
 * @param decimals digits after the decimal point as typed (0 for an integer or a fraction)
 */
public record ExactValue(BigFraction number, String word, int decimals) {

    /** The longest value read (a step's number by hand is a few characters; this bounds the work). */
    public static final int MAX_CHARS = 40;

    private static final Pattern INTEGER = Pattern.compile("-?\\d{1,30}");
    private static final Pattern DECIMAL = Pattern.compile("-?\\d{0,30}\\.\\d{1,30}");
    private static final Pattern FRACTION = Pattern.compile("-?\\d{1,30}\\s*/\\s*\\d{1,30}");

    /** How an answer compares with a step's value. */
    public enum Match {
        /** Exactly the value. */
        RIGHT,
        /** A decimal that is the value rounded (or cut) to the digits typed: right method, not exact. */
        ROUNDED,
        /** Neither. */
        WRONG
    }

    /** An exact number. */
    public static ExactValue of(BigFraction f) {
        return new ExactValue(f, null, 0);
    }

    /** An integer. */
    public static ExactValue of(long n) {
        return of(new BigFraction(n));
    }

    /** A decimal as written ({@code 0.5}), exactly. */
    public static ExactValue of(BigDecimal d) {
        BigDecimal s = d.stripTrailingZeros();
        BigFraction f = s.scale() <= 0 ? new BigFraction(s.toBigIntegerExact())
                : new BigFraction(s.unscaledValue(), BigInteger.TEN.pow(s.scale()));
        return of(f);
    }

    /** A word answer ({@code yes}, a VM's name). */
    public static ExactValue word(String w) {
        return new ExactValue(null, w, 0);
    }

    /** Whether this is a number (not a word). */
    public boolean isNumber() {
        return number != null;
    }

    /**
     * Reads what a student typed for a step; {@code field} names it in the message ("answer 3").
     *
     * @throws IllegalArgumentException with a message naming the field and the problem
     */
    public static ExactValue parse(String field, String text) {
        if (text == null) {
            throw new IllegalArgumentException(field + " is missing");
        }
        String t = text.strip().replace('\u2212', '-'); // the minus sign a word processor types
        if (t.isEmpty()) {
            throw new IllegalArgumentException(field + " is empty; give a number such as 14, 7.5 or 22/3");
        }
        if (t.length() > MAX_CHARS) {
            throw new IllegalArgumentException(field + " is longer than " + MAX_CHARS + " characters");
        }
        if (INTEGER.matcher(t).matches()) {
            return of(new BigFraction(new BigInteger(t)));
        }
        if (DECIMAL.matcher(t).matches()) {
            BigDecimal d = new BigDecimal(t.startsWith("-.") ? "-0" + t.substring(1) : t.startsWith(".") ? "0" + t : t);
            int digits = t.length() - t.indexOf('.') - 1;
            ExactValue v = of(d);
            return new ExactValue(v.number(), null, digits);
        }
        if (FRACTION.matcher(t).matches()) {
            String[] p = t.split("/");
            BigInteger den = new BigInteger(p[1].strip());
            if (den.signum() == 0) {
                throw new IllegalArgumentException(field + " divides by zero: " + Limits.quote(t));
            }
            return of(new BigFraction(new BigInteger(p[0].strip()), den));
        }
        throw new IllegalArgumentException(field + " must be an integer, a decimal or a fraction such as 22/3, got "
                + Limits.quote(t));
    }

    /** How this answer compares with the step's {@code expected} value. */
    public Match against(ExactValue expected) {
        if (expected.isNumber() != isNumber()) {
            return Match.WRONG;
        }
        if (!isNumber()) {
            return word.equals(expected.word()) ? Match.RIGHT : Match.WRONG;
        }
        if (number.equals(expected.number())) {
            return Match.RIGHT;
        }
        if (decimals > 0) {
            // within one unit of the last digit typed: the value rounded or cut to those digits
            BigFraction unit = new BigFraction(BigInteger.ONE, BigInteger.TEN.pow(decimals));
            if (number.subtract(expected.number()).abs().compareTo(unit) < 0) {
                return Match.ROUNDED;
            }
        }
        return Match.WRONG;
    }

    /** The value as a person writes it: {@code 14}, {@code 7.5}, {@code 22/3}, or the word. */
    public String text() {
        return isNumber() ? text(number) : word;
    }

    /** A number as a person writes it: an integer, a terminating decimal, else p/q. */
    public static String text(BigFraction f) {
        BigInteger d = f.getDenominator();
        if (d.equals(BigInteger.ONE)) {
            return f.getNumerator().toString();
        }
        BigInteger rest = d;
        int twos = 0;
        int fives = 0;
        while (rest.mod(BigInteger.TWO).signum() == 0) {
            rest = rest.shiftRight(1);
            twos++;
        }
        while (rest.mod(BigInteger.valueOf(5)).signum() == 0) {
            rest = rest.divide(BigInteger.valueOf(5));
            fives++;
        }
        if (rest.equals(BigInteger.ONE)) {
            int scale = Math.max(twos, fives);
            return new BigDecimal(f.getNumerator()).divide(new BigDecimal(d)).setScale(scale).toPlainString();
        }
        return f.getNumerator() + "/" + d;
    }

    /** The canonical text hashed for a step: the reduced fraction {@code p/q}, or {@code w:word}. */
    String canonical() {
        return isNumber() ? number.getNumerator() + "/" + number.getDenominator() : "w:" + word;
    }
}
