#!/usr/bin/env bash
# Finding Q1: a Redis writer without --result-key rolls an archive back to an earlier enqueue's signed record
# and entry: `queue wait --result-key` reports TOTAL-PASSED (exit 0) for an archive that was since tampered
# with and enqueued again, and the number of archives read equals what `queue add` enqueued.
# Mended by receipts: `queue add --receipt F` keeps each enqueue's nonce outside Redis; `queue wait --receipt F`
# refuses the rolled-back entry (exit 3). Step 6 reads without the receipt (Redis's word), step 7 with it.
# usage: scripts/attack34/queue-rollback.sh [honest]   (honest: no attacker step, the control)
. "$(dirname "$0")/../attack34/queue-env.sh" attack34-q rb
mk "$W/arch/a1"
work() { # run one worker until the queue is empty
  setsid "${CLI[@]}" worker "${Q[@]}" "${T[@]}" "${K[@]}" -c 1 2>"$W/worker.log" & WPID=$!
}
echo "== 1. genuine archive enqueued and verified"
"${CLI[@]}" queue add "$W/arch" "${Q[@]}" "${T[@]}" "${K[@]}"
work
sleep 1
until [ "$(redis-cli -p "$PORT" xlen bull:rb:sealcheck:results)" -ge 1 ]; do sleep 0.5; done
echo "== 2. attacker (read access) snapshots the signed record and entry"
node scripts/attack34/redis-writer.mjs "$URL" bull:rb snapshot "$W/snap.json"
echo "== 3. operator reads with --trim"
"${CLI[@]}" queue wait "${Q[@]}" "${K[@]}" --trim --json | grep -E '"(passed|failed|total|archives)"' ; echo "exit $?"
kill -9 -- "-$WPID"; wait "$WPID" 2>/dev/null; WPID=
echo "== 4. an original is tampered with; the operator enqueues the archive again"
cp samples/tampered/original-changed/originals/* "$W/arch/a1/originals/"
"${CLI[@]}" queue add "$W/arch" "${Q[@]}" "${T[@]}" "${K[@]}" --receipt "$W/receipt.jsonl"
if [ "${1:-}" != honest ]; then
  echo "== 5. attacker (no result key) restores the old record and replays the old entry"
  node scripts/attack34/redis-writer.mjs "$URL" bull:rb restore "$W/snap.json"
fi
work
echo "== 6. operator waits, with the result key"
"${CLI[@]}" queue wait "${Q[@]}" "${K[@]}" --out "$W/r.jsonl"; rc=$?
echo "queue wait exit code: $rc"
echo "== 7. operator waits, with the result key and the receipt of step 4"
"${CLI[@]}" queue wait "${Q[@]}" "${K[@]}" --receipt "$W/receipt.jsonl" --out "$W/r2.jsonl"; echo "queue wait --receipt exit code: $?"
grep -o '"indication":"[A-Z-]*"' "$W/r.jsonl"
echo "direct verify of the archive now:"
"${CLI[@]}" verify "$W/arch/a1/workflowtoken.json" "$W/arch/a1/originals" "${T[@]}" >/dev/null; echo "verify exit code: $?"
