#!/bin/sh
# bench/hostile-matrix.sh: hostile inputs to the newer commands (exercise, trace, measure,
# experiment --shard / merge, export-config). Every bad value must end with exit 2 and one line on
# stderr in our words (no stack trace, no Java class name, no "internal error"). Prints each
# violation and a count of cases per exit status. Run from the repository after a build.
# measure is given only bad --seconds values, so it stops before running anything.
cd "$(dirname -- "$0")/.." || exit 2
V=./vmsched
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
S=scenarios/linux-rt-groups.json
$V exercise new rta --seed 7 --level 1 --out "$T/ex.json" --solution "$T/sol.json" >/dev/null 2>&1
gzip -dc src/test/resources/traces/linux-rt-groups-400ms.txt.gz > "$T/trace.txt"
EXP=scenarios/experiments/thesis-tmax.json
printf '{}' > "$T/map.json"
mkfifo "$T/fifo"; : > "$T/empty"; mkdir "$T/dir"
printf '\357\273\277' > "$T/bom-scen.json"; cat "$S" >> "$T/bom-scen.json"
printf '\357\273\277' > "$T/bom-ex.json"; cat "$T/ex.json" >> "$T/bom-ex.json"
printf '\357\273\277' > "$T/bom-sol.json"; cat "$T/sol.json" >> "$T/bom-sol.json"
printf '\357\273\277' > "$T/bom-trace.txt"; cat "$T/trace.txt" >> "$T/bom-trace.txt"
printf '\357\273\277' > "$T/bom-map.json"; cat "$T/map.json" >> "$T/bom-map.json"
printf '\357\273\277' > "$T/bom-exp.json"; cat "$EXP" >> "$T/bom-exp.json"
ln -s "$PWD/$S" "$T/link-scen.json"; ln -s "$T/ex.json" "$T/link-ex.json"; ln -s "$T/sol.json" "$T/link-sol.json"
ln -s "$T/trace.txt" "$T/link-trace.txt"; ln -s "$T/map.json" "$T/link-map.json"; ln -s "$PWD/$EXP" "$T/link-exp.json"
cases=0; okcases=0; bad=0; : > "$T/statuses"
# run EXPECT(2|ok) DESCRIPTION ARGS...: ok means any of 0/1 with no crash (valid input)
run() {
    want=$1; shift; what=$1; shift
    cases=$((cases + 1)); [ "$want" = 2 ] || okcases=$((okcases + 1))
    timeout 60 $V "$@" > "$T/out" 2> "$T/err" < /dev/null; rc=$?
    echo "$rc" >> "$T/statuses"
    lines=$(wc -l < "$T/err")
    why=""
    if grep -qiE 'exception|internal error|^\s+at |java\.|org\.vmsched' "$T/err"; then why="stack trace or class name"; fi
    if [ "$want" = 2 ]; then
        [ "$rc" = 2 ] || why="$why exit $rc"
        [ "$lines" = 1 ] || why="$why $lines stderr lines"
    else
        { [ "$rc" = 0 ] || [ "$rc" = 1 ]; } || why="$why exit $rc on valid input"
    fi
    if [ -n "$why" ]; then
        bad=$((bad + 1))
        echo "VIOLATION [$what]:$why: vmsched $*" | sed "s#$T#TMP#g"
        head -3 "$T/err" | sed "s#$T#TMP#g; s/^/    /"
    fi
}
for v in NaN -1 0 1e308 1e-300 abc ""; do
    z=2; [ "$v" = 0 ] && z=ok   # 0 is a valid seed and a valid --from
    run $z "exercise new --seed $v" exercise new rta --seed "$v" --level 1 --out "$T/o.json"
    run 2 "exercise new --level $v" exercise new rta --seed 1 --level "$v" --out "$T/o.json"
    run 2 "exercise sheet --count $v" exercise sheet --kinds rta --count "$v" --seed 1 --out "$T/sheet"
    run $z "exercise sheet --seed $v" exercise sheet --kinds rta --count 1 --seed "$v" --out "$T/sheet"
    run $z "trace --from $v" trace "$T/trace.txt" --scenario "$S" --from "$v"
    run 2 "trace --margin $v" trace "$T/trace.txt" --scenario "$S" --suggest "$T/sug.json" --margin "$v"
    run 2 "trace --unit-us $v" trace "$T/trace.txt" --scenario "$S" --unit-us "$v"
    run 2 "measure --seconds $v" measure "$S" --seconds "$v" --out "$T/m"
    run 2 "experiment --shard $v/2" experiment "$EXP" --shard "$v/2" --out "$T/sh"
    run 2 "experiment --shard 0/$v" experiment "$EXP" --shard "0/$v" --out "$T/sh"
done
run 2 "experiment --shard 2/2" experiment "$EXP" --shard 2/2 --out "$T/sh"
run 2 "experiment --shard ''" experiment "$EXP" --shard "" --out "$T/sh"
run 2 "exercise new unknown kind" exercise new nosuchkind --seed 1 --level 1
run 2 "exercise sheet --kinds ''" exercise sheet --kinds "" --count 1 --seed 1 --out "$T/sheet"
# file arguments: FIFO, /dev/zero, directory, missing, empty
for f in "$T/fifo" /dev/zero "$T/dir" "$T/missing.json" "$T/empty"; do
    k=$(basename "$f")
    run 2 "exercise check EXERCISE=$k" exercise check "$f" "$T/sol.json"
    run 2 "exercise check ANSWERS=$k" exercise check "$T/ex.json" "$f"
    run 2 "trace TRACE=$k" trace "$f" --scenario "$S"
    run 2 "trace --scenario=$k" trace "$T/trace.txt" --scenario "$f"
    run 2 "trace --map=$k" trace "$T/trace.txt" --scenario "$S" --map "$f"
    run 2 "experiment FILE=$k --shard" experiment "$f" --shard 0/2 --out "$T/sh"
    run 2 "experiment merge DIR=$k" experiment merge "$f" --out "$T/merged"
    run 2 "export-config FILE=$k" export-config "$f" --target rt-app --out "$T/rt"
done
# output arguments: a FIFO, /dev/zero, a folder where a file goes, a file where a folder goes
# a character device is written directly, never replaced (docs/reference/command-line.md): /dev/zero is valid
for f in "$T/fifo" /dev/zero "$T/dir"; do
    k=$(basename "$f"); z=2; [ "$f" = /dev/zero ] && z=ok
    run $z "exercise new --out=$k" exercise new rta --seed 1 --level 1 --out "$f"
    run $z "exercise new --solution=$k" exercise new rta --seed 1 --level 1 --out "$T/o2.json" --solution "$f"
    run $z "trace --suggest=$k" trace "$T/trace.txt" --scenario "$S" --suggest "$f"
done
for f in "$T/fifo" /dev/zero "$T/empty"; do
    k=$(basename "$f")
    run 2 "exercise sheet --out=$k" exercise sheet --kinds rta --count 1 --seed 1 --out "$f"
    run 2 "export-config --out=$k" export-config "$S" --target rt-app --out "$f"
    run 2 "experiment merge --out=$k" experiment merge "$T/dir" --out "$f"
done
ln -s "$T/dir" "$T/linkdir"
run 2 "export-config --out=symlink to a folder" export-config "$S" --target rt-app --out "$T/linkdir"
run 2 "exercise sheet --out=symlink to a folder" exercise sheet --kinds rta --count 1 --seed 1 --out "$T/linkdir"
# a wrong answer on valid input: exit 1
sed 's/"2"/"3"/' "$T/sol.json" > "$T/wrong.json"
run ok "exercise check wrong answer" exercise check "$T/ex.json" "$T/wrong.json"
run 2 "exercise check answers {}" exercise check "$T/ex.json" "$T/map.json"
# a byte-order mark and a symbolic link to a valid file are read like the file itself
for p in bom link; do
    run ok "exercise check $p" exercise check "$T/$p-ex.json" "$T/$p-sol.json"
    run ok "trace $p" trace "$T/$p-trace.txt" --scenario "$T/$p-scen.json" --map "$T/$p-map.json"
    run ok "export-config $p" export-config "$T/$p-scen.json" --target rt-app --out "$T/rt-$p"
done
echo "cases: $cases ($okcases valid, exit 0 or 1 expected), violations: $bad"
printf 'exit statuses:'; sort "$T/statuses" | uniq -c | awk '{printf " %s x%s", $2, $1}'; echo
[ "$bad" = 0 ]
