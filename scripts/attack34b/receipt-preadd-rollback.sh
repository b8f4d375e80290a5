#!/usr/bin/env bash
# B1: the receipt takes the nonce of an "already queued" record from Redis. A Redis writer WITHOUT the result
# key who kept an archive's earlier signed record and entry restores them BEFORE the operator's next
# `queue add --receipt`: the add finds a record whose MAC checks and whose result is written, counts the archive
# "already in queue", and writes the OLD nonce into the receipt. `queue wait --receipt --result-key` then takes
# the old TOTAL-PASSED entry for an archive whose original was changed since: exit 0.
# usage: scripts/attack34b/receipt-preadd-rollback.sh [honest|notrim]
#   honest: no attacker step (control: TOTAL-FAILED, exit 1)
#   notrim: no attacker at all; the operator read step 2 without --trim (the record and entry stay), then the
#           original is changed: the next add calls it "already in queue" and the stale TOTAL-PASSED is read.
. "$(dirname "$0")/../attack34/queue-env.sh" attack34b-r rb
MODE=${1:-attack}
mk "$W/arch/a1"
work() { setsid "${CLI[@]}" worker "${Q[@]}" "${T[@]}" "${K[@]}" -c 1 2>>"$W/worker.log" & WPID=$!; }
echo "== 1. genuine archive enqueued (with a receipt) and verified"
"${CLI[@]}" queue add "$W/arch" "${Q[@]}" "${T[@]}" "${K[@]}" --receipt "$W/receipt1.jsonl" 2>/dev/null
work
until [ "$(redis-cli -p "$PORT" xlen bull:rb:sealcheck:results)" -ge 1 ]; do sleep 0.3; done
echo "== 2. attacker (read access) snapshots the signed record and entry; operator reads"
node scripts/attack34/redis-writer.mjs "$URL" bull:rb snapshot "$W/snap.json"
TRIM=(--trim); [ "$MODE" = notrim ] && TRIM=()
"${CLI[@]}" queue wait "${Q[@]}" "${K[@]}" --receipt "$W/receipt1.jsonl" "${TRIM[@]}" >/dev/null 2>&1; echo "first read exit $?"
kill -9 -- "-$WPID"; wait "$WPID" 2>/dev/null; WPID=
echo "== 3. an original is tampered with"
cp samples/tampered/original-changed/originals/* "$W/arch/a1/originals/"
if [ "$MODE" = attack ]; then
  echo "== 4. attacker (no result key) restores the old signed record and entry BEFORE the next add"
  node scripts/attack34/redis-writer.mjs "$URL" bull:rb restore "$W/snap.json"
fi
echo "== 5. operator enqueues again with a fresh receipt"
"${CLI[@]}" queue add "$W/arch" "${Q[@]}" "${T[@]}" "${K[@]}" --receipt "$W/receipt2.jsonl" 2>/dev/null
echo "receipt nonce: $(grep -o '"nonce":"[0-9a-f]*"' "$W/receipt2.jsonl")  first enqueue's: $(grep -o '"nonce":"[0-9a-f]*"' "$W/receipt1.jsonl")"
work
echo "== 6. operator waits with the result key and the new receipt"
timeout 60 "${CLI[@]}" queue wait "${Q[@]}" "${K[@]}" --receipt "$W/receipt2.jsonl" --out "$W/r.jsonl" 2>&1 | grep -E "archive|Exit code|ignored"; rc=${PIPESTATUS[0]}
echo "queue wait --receipt --result-key exit code: $rc"
grep -o '"indication":"[A-Z-]*"' "$W/r.jsonl"
echo "direct verify of the archive now:"
"${CLI[@]}" verify "$W/arch/a1/workflowtoken.json" "$W/arch/a1/originals" "${T[@]}" >/dev/null; echo "verify exit code: $?"
