#!/usr/bin/env bash
# Finding Q2: a record planted before `queue add` makes it skip a (tampered) archive as "already in queue";
# `queue wait --result-key` then reports only the others: all TOTAL-PASSED, exit 0, and the number read equals
# the number `queue add` says it enqueued. usage: queue-plant-skip.sh [honest]
. "$(dirname "$0")/../attack34/queue-env.sh" attack34-p pl
mk "$W/arch/good"; mk "$W/arch/bad"
cp samples/tampered/original-changed/originals/* "$W/arch/bad/originals/"   # the tampered archive
RUN=ba7d5980802666c1   # the run key of these options (printed by every queue add, in every job's data)
if [ "${1:-}" != honest ]; then
  echo "== attacker plants a record for the tampered archive (no key)"
  npx tsx scripts/attack34/plant-record.ts "$URL" bull:pl "$RUN" "$W/arch/bad/workflowtoken.json" "$W/arch/bad/originals"
fi
echo "== operator enqueues with the result key"
"${CLI[@]}" queue add "$W/arch" "${Q[@]}" "${T[@]}" "${K[@]}" 2>/dev/null
setsid "${CLI[@]}" worker "${Q[@]}" "${T[@]}" "${K[@]}" -c 1 2>"$W/worker.log" & WPID=$!
echo "== operator waits with the result key"
"${CLI[@]}" queue wait "${Q[@]}" "${K[@]}" --trim --out "$W/r.jsonl"; echo "queue wait exit code: $?"
echo "direct verify of the tampered archive:"
"${CLI[@]}" verify "$W/arch/bad/workflowtoken.json" "$W/arch/bad/originals" "${T[@]}" >/dev/null; echo "verify exit code: $?"
