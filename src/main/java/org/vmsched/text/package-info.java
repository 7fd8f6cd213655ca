/**
 * The program's one vocabulary for numbers: {@link org.vmsched.text.Format} (named contexts:
 * screen, table, exact, CSV, TikZ, label) and {@link org.vmsched.text.Csv}, the one CSV writer.
 * Depends on nothing else of the program, so every layer may use it.
 */
package org.vmsched.text;
