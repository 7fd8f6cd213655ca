#!/bin/sh
# bench/kill-folders.sh [RUNS]: kill -9 during the folder writes of the command line (issue 30,
# item 14): `compare FILE --gantt DIR` (34 files) and `reproduce two-vm --out DIR`, RUNS times each
# (default 12), each killed at a random moment of its run. After each kill DIR must hold a complete
# version (the listing of a finished run), or be absent when it was absent before the run, and after the next finished run no hidden
# temporary folder of ours may be left beside it. Prints one line per kind and each violation;
# exit 1 on a violation. Run from the repository after a build (KillDuringWritesTest does the same
# for the library's own writes: scenario, trace, experiment results).
cd "$(dirname -- "$0")/.." || exit 2
V=./vmsched
RUNS=${1:-12}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
bad=0
# kind NAME ARGS... (the folder argument is the last, $T/out)
kind() {
    name=$1; shift
    rm -rf "$T/out"
    start=$(date +%s%N)
    "$V" "$@" "$T/out" > /dev/null 2>&1 || { echo "$name: the first run failed"; bad=$((bad + 1)); return; }
    took=$(( ($(date +%s%N) - start) / 1000000 ))
    ls -A "$T/out" > "$T/complete"
    rm -rf "$T/saved"; cp -r "$T/out" "$T/saved"
    files=$(wc -l < "$T/complete")
    complete=0; absent=0
    for i in $(seq 1 "$RUNS"); do
        # half the runs start with no folder, half replace a complete one
        rm -rf "$T/out"
        [ $((i % 2)) = 1 ] && cp -r "$T/saved" "$T/out"
        before=absent; [ -d "$T/out" ] && before=complete
        "$V" "$@" "$T/out" > /dev/null 2>&1 &
        pid=$!
        # a moment within the run's length (its JVM start included)
        sleep "$(awk -v t="$took" -v s="$i$$" 'BEGIN { srand(s); printf "%.3f", rand() * t / 1000 }')"
        kill -9 "$pid" 2> /dev/null
        wait "$pid" 2> /dev/null
        if [ -d "$T/out" ]; then
            if ls -A "$T/out" | cmp -s - "$T/complete"; then
                complete=$((complete + 1))
            else
                echo "$name run $i: $(ls -A "$T/out" | wc -l) of $files files"; bad=$((bad + 1))
            fi
        elif [ "$before" = complete ]; then
            echo "$name run $i: the complete folder there before is gone"; bad=$((bad + 1))
        else
            absent=$((absent + 1))
        fi
    done
    "$V" "$@" "$T/out" > /dev/null 2>&1
    left=$(ls -A "$T" | grep -v -x -e out -e complete -e saved)
    [ -z "$left" ] || { echo "$name: left beside the folder after the next run: $left"; bad=$((bad + 1)); }
    echo "$name: $RUNS kills: $complete complete ($files files), $absent absent (none before, killed before its end), run ${took} ms"
}
kind "compare --gantt" compare scenarios/two-vms.json --gantt
kind "reproduce two-vm --out" reproduce two-vm --out
echo "violations: $bad"
[ "$bad" = 0 ]
