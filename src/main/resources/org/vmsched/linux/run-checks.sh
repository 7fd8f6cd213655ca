[ "$(id -u)" -eq 0 ] || missing "needs root (it makes RT cgroups and records tracefs)"
command -v rt-app >/dev/null 2>&1 || missing "rt-app is not installed (Debian/Ubuntu: apt-get install rt-app)"
[ -w "$cg/cpu.rt_runtime_us" ] || missing "no RT group scheduling: $cg/cpu.rt_runtime_us is missing (needs cgroup v1's cpu controller, CONFIG_RT_GROUP_SCHED)"
for c in $cpus; do [ -d "/sys/devices/system/cpu/cpu$c" ] || missing "CPU $c is not there"; done
for g in $ours; do [ ! -e "$cg/$g" ] || missing "$cg/$g exists already (another run, or one killed with -9: rmdir it)"; done
rr=$(cat /proc/sys/kernel/sched_rt_runtime_us); rp=$(cat /proc/sys/kernel/sched_rt_period_us)
others=0
for d in "$cg"/*/; do
    [ -f "$d/cpu.rt_runtime_us" ] || continue
    others="$others + $(cat "$d/cpu.rt_runtime_us") / $(cat "$d/cpu.rt_period_us")"
done
if [ "$rr" -ge 0 ]; then
    awk "BEGIN { u = $ratio; o = $others; if (u + o > $rr / $rp + 1e-9) exit 1 }" || missing "the groups' runtime/period ($ratio) and the groups already there ($others) exceed the root's sched_rt_runtime_us/sched_rt_period_us = $rr/$rp"
fi
if [ -r /sys/kernel/debug/sched/features ] && grep -qw RT_RUNTIME_SHARE /sys/kernel/debug/sched/features; then
    echo "run.sh: note: RT_RUNTIME_SHARE is on: a throttled group may borrow runtime from its other CPUs (THEORY.md)" >&2
fi
mounted=0; saved=0; made=''; pids=''; watcher=''
cleanup() {
    # a second signal (Ctrl-C reaches the whole group, and vmsched measure's hook sends TERM after it)
    # must not cut the cleanup short: ignored until it is done
    trap '' INT TERM HUP
    trap - EXIT
    for p in $pids; do kill -TERM "$p" 2>/dev/null; done
    i=0
    while [ $i -lt 30 ]; do
        alive=0
        for p in $pids; do kill -0 "$p" 2>/dev/null && alive=1; done
        [ $alive -eq 0 ] && break
        sleep 0.1; i=$((i + 1))
    done
    for p in $pids; do kill -KILL "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
    [ -n "$watcher" ] && kill "$watcher" 2>/dev/null
    if [ "$saved" -eq 1 ]; then
        echo 0 > "$tr/tracing_on"
        for e in $events; do eval "echo \$was_$e" > "$tr/events/sched/$e/enable" 2>/dev/null; done
        echo "$was_buffer" > "$tr/buffer_size_kb" 2>/dev/null
        echo > "$tr/trace"
        echo "$was_on" > "$tr/tracing_on"
    fi
    for g in $made; do
        i=0
        while [ -d "$cg/$g" ] && ! rmdir "$cg/$g" 2>/dev/null && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
        [ -d "$cg/$g" ] && echo "run.sh: could not remove $cg/$g" >&2
    done
    [ "$mounted" -eq 1 ] && umount "$tr"
    # an interrupted calibration or start leaves its working copies: the folder keeps only what the run made
    rm -f "$out"/.run-*.json "$out"/.calibration*
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP
if [ -n "${VMSCHED_PARENT_PID:-}" ]; then
    # the caller (vmsched measure) died: clean up now, not only at the end of the run
    ( while kill -0 "$VMSCHED_PARENT_PID" 2>/dev/null; do sleep 0.5; done; kill -TERM $$ ) &
    watcher=$!
fi
if [ ! -e "$tr/trace" ]; then
    mount -t tracefs nodev "$tr" || missing "cannot mount tracefs on $tr"
    mounted=1
fi
was_on=$(cat "$tr/tracing_on"); was_buffer=$(cat "$tr/buffer_size_kb" | sed 's/ .*//')
for e in $events; do eval "was_$e=\$(cat \"\$tr/events/sched/\$e/enable\")"; done
saved=1
make_group() {
    made="$made $1"
    mkdir "$cg/$1" || missing "cannot make $cg/$1"
    echo "$2" > "$cg/$1/cpu.rt_period_us" || missing "the kernel refused period $2 us for $1"
    echo "$3" > "$cg/$1/cpu.rt_runtime_us" || missing "the kernel refused runtime $3 us for $1 (the root's RT bandwidth?)"
}
