#!/bin/sh
# bench/full-disk.sh: every command that writes a file or a folder, on a full disk (issue 30's trial:
# "kill -9 and a full disk"). Needs root: mounts a 4 MiB tmpfs, fills it to the last few KiB, and
# runs each writer into it over an older version of its output. Each must exit 2 with one line on
# stderr in our words (no stack trace, no Java class name), keep the older version whole, and leave
# nothing of its own beside it. Prints each violation and a count; exit 1 on a violation.
cd "$(dirname -- "$0")/.." || exit 2
V=./vmsched
[ "$(id -u)" = 0 ] || { echo "bench/full-disk.sh: needs root (mount -t tmpfs)" >&2; exit 2; }
T=$(mktemp -d)
D="$T/full"
mkdir "$D"
mount -t tmpfs -o size=4m tmpfs "$D" || exit 2
trap 'umount "$D"; rm -rf "$T"' EXIT
$V exercise new rta --seed 7 --out "$T/ex.json" --solution "$T/sol.json" > /dev/null 2>&1
cases=0; bad=0
# run NAME TARGET(file|dir) ARGS... with @ in ARGS standing for the target's path
run() {
    name=$1; kind=$2; shift 2
    cases=$((cases + 1))
    rm -rf "${D:?}"/* "$T/prev"
    args=""
    prev=""
    for a in "$@"; do
        p=$a
        [ "$a" = @ ] && a="$D/out" && p="$T/prev"
        args="$args
$a"
        prev="$prev
$p"
    done
    IFS='
'
    if [ "$kind" = dir ]; then
        # the older version: the command's own output, made on the roomy disk (a folder writer
        # replaces only a folder of its own kind)
        # shellcheck disable=SC2086
        timeout 300 $V $prev > /dev/null 2>&1 < /dev/null
        cp -r "$T/prev" "$D/out" || { echo "$name: could not make the older version"; bad=$((bad + 1)); unset IFS; return; }
    else
        echo old > "$D/out"
    fi
    ls -A "$D/out" > "$T/before" 2> /dev/null
    # fill the disk to its last byte
    dd if=/dev/zero of="$D/filler" bs=4k 2> /dev/null
    # shellcheck disable=SC2086
    timeout 300 $V $args > /dev/null 2> "$T/err" < /dev/null
    rc=$?
    unset IFS
    # progress lines ("placing: checking: 100%, 3 s") are not messages
    lines=$(grep -v -c -E ': [0-9]+%, [0-9]+ s$' "$T/err")
    why=""
    [ "$rc" = 2 ] || why="exit $rc"
    [ "$lines" -le 1 ] || why="$why, $lines lines on stderr"
    grep -q -i -e "exception" -e "\tat " -e "java\." -e "internal error" "$T/err" && why="$why, Java wording"
    if [ "$kind" = dir ]; then
        ls -A "$D/out" 2> /dev/null | cmp -s - "$T/before" && diff -r -q "$T/prev" "$D/out" > /dev/null \
            || why="$why, the older folder changed"
    else
        [ "$(cat "$D/out" 2> /dev/null)" = old ] || why="$why, the older file changed"
    fi
    left=$(ls -A "$D" | grep -v -x -e out -e filler)
    [ -z "$left" ] || why="$why, left: $left"
    if [ -n "$why" ]; then
        bad=$((bad + 1)); echo "$name: ${why#, }: $(head -c 300 "$T/err")"
    else
        echo "$name: exit 2: $(grep -v -E ': [0-9]+%, [0-9]+ s$' "$T/err" | head -c 200)"
    fi
}
S=scenarios/two-vms.json
run "simulate --trace" file simulate "$S" --trace @
run "compare --gantt" dir compare "$S" --gantt @
run "reproduce two-vm --out" dir reproduce two-vm --out @
run "experiment --out" dir experiment scenarios/experiments/thesis-tmax.json --sets 20 --out @
run "exercise new --out" file exercise new rta --seed 7 --out @ --solution "$T/sol2.json"
run "exercise sheet --out" dir exercise sheet --count 2 --out @
run "design --place --write" file design "$S" --place --write @
run "import --out" file import src/test/resources/foreign/carts-input.xml --out @
run "export-config --target rt-app --out" dir export-config scenarios/linux-rt-groups.json --target rt-app --out @
echo "cases: $cases, violations: $bad"
[ "$bad" = 0 ]
