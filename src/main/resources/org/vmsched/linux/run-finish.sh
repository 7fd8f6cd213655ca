status=0
for p in $pids; do wait "$p" || status=1; done
pids=''
echo 0 > "$tr/tracing_on"
cat "$tr/trace" > "$out/trace.txt"
rm -f "$out"/.run-*.json
lost=$(cat "$tr"/per_cpu/cpu*/stats 2>/dev/null | awk '/^overrun:/ { n += $2 } END { print n + 0 }')
[ "$lost" -gt 0 ] && echo "run.sh: note: $lost events were overwritten (buffer overrun); trace says what that costs" >&2
[ "$status" -eq 0 ] || { echo "run.sh: an rt-app failed; see $out/rt-app-*.out" >&2; exit 1; }
echo "run.sh: trace in $out/trace.txt"
