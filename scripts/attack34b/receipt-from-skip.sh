#!/usr/bin/env bash
# B4: a resumed read (`queue wait --from <cursor>`) leaves out, silently, every receipt archive whose record's
# `r` field (the result entry id, covered by no MAC) is at or before the cursor: "read by an earlier read".
# A Redis writer WITHOUT the result key sets `r` = "1-0" on a tampered archive's record before a worker takes
# it: the worker's PUBLISH sees a result already recorded and writes nothing, and the reader, given the
# receipt and the key, prints no line for it: "1 archive ... all TOTAL-PASSED", exit 0, though the receipt
# holds two archives and one of them fails.
# usage: scripts/attack34b/receipt-from-skip.sh [honest]   (honest: no attacker step; control: exit 1)
. "$(dirname "$0")/../attack34/queue-env.sh" attack34b-f fs
mk "$W/day1/a0"; mk "$W/day2/a1"; mk "$W/day2/a2"
cp samples/tampered/original-changed/originals/* "$W/day2/a2/originals/"   # a2 fails
work() { setsid "${CLI[@]}" worker "${Q[@]}" "${T[@]}" "${K[@]}" -c 1 2>>"$W/worker.log" & WPID=$!; }
echo "== day 1: one archive, read to the end; the reader prints its cursor"
"${CLI[@]}" queue add "$W/day1" "${Q[@]}" "${T[@]}" "${K[@]}" --receipt "$W/r1.jsonl" 2>/dev/null
work
"${CLI[@]}" queue wait "${Q[@]}" "${K[@]}" --receipt "$W/r1.jsonl" >/dev/null 2>"$W/day1.err"; echo "day 1 exit $?"
kill -9 -- "-$WPID"; wait "$WPID" 2>/dev/null; WPID=
C1=$(grep -o 'go on with --from [0-9-]*' "$W/day1.err" | awk '{print $NF}'); echo "cursor: $C1"
echo "== day 2: two archives enqueued with a receipt (a2 is tampered)"
"${CLI[@]}" queue add "$W/day2" "${Q[@]}" "${T[@]}" "${K[@]}" --receipt "$W/r2.jsonl" 2>/dev/null
A2=$(grep '/a2/' "$W/r2.jsonl" | grep -o '"id":"a-[0-9a-f]*"' | cut -d'"' -f4)
if [ "${1:-}" != honest ]; then
  echo "== attacker (no key): HSET the a2 record's r to 1-0"
  redis-cli -p "$PORT" hset "bull:fs:sealcheck:a:$A2" r 1-0 >/dev/null
fi
work
echo "== day 2 read, from day 1's cursor, with the receipt and the key"
timeout 60 "${CLI[@]}" queue wait "${Q[@]}" "${K[@]}" --receipt "$W/r2.jsonl" --from "$C1" --out "$W/out.jsonl" 2>&1 | grep -E "archive|Exit code|ignored|no trusted"; rc=${PIPESTATUS[0]}
echo "queue wait exit code: $rc   (receipt lines: $(wc -l <"$W/r2.jsonl"), result lines: $(wc -l <"$W/out.jsonl"))"
"${CLI[@]}" verify "$W/day2/a2/workflowtoken.json" "$W/day2/a2/originals" "${T[@]}" >/dev/null; echo "direct verify of a2: exit $?"
