/**
 * Virtual machines with several virtual CPUs under global scheduling (issue 21, analysis only;
 * docs/THEORY.md §15): the multiprocessor periodic resource model MPR of Shin, Easwaran and Lee
 * (ECRTS 2008) with the project's switch overhead, sufficient global-EDF and global-RM tests of a
 * VM's tasks on that supply, and sufficient host-level tests of the virtual CPUs under global EDF.
 * Every test is sufficient only: it proves schedulability or answers "undecided" with a reason; it
 * says "not schedulable" only when a necessary condition fails. Pure Java, exact rational
 * arithmetic, no dependency on the simulator or the user interface.
 */
package org.vmsched.analysis.mpr;
