#!/usr/bin/env bash
# B12: `queue results` (no --follow) with --receipt and --result-key prints the results there are and exits by
# them alone: archives of the receipt still without a result are not counted while any job is left. A Redis
# writer without the key keeps one job left forever (a decoy delayed ten years, H1) and stops one tampered
# archive's result (its record's nonce changed: the worker writes nothing): the operator's `queue results`, run
# after the workers are done, says "1 archive ... all TOTAL-PASSED", exit 0, though the receipt holds 2.
# Without the decoy the same read ends with a no-verdict line for it (exit 3).
# usage: scripts/attack34b/results-partial-exit0.sh [honest]   (honest: nonce changed, no decoy: exit 3)
. "$(dirname "$0")/../attack34/queue-env.sh" attack34b-p rp
mk "$W/arch/a1"; mk "$W/arch/a2"
cp samples/tampered/original-changed/originals/* "$W/arch/a2/originals/"   # a2 fails
"${CLI[@]}" queue add "$W/arch" "${Q[@]}" "${T[@]}" "${K[@]}" --receipt "$W/r.jsonl" 2>/dev/null
A2=$(grep '/a2/' "$W/r.jsonl" | grep -o '"id":"a-[0-9a-f]*"' | cut -d'"' -f4)
echo "== attacker (no key): a2's record nonce changed"
redis-cli -p "$PORT" hset "bull:rp:sealcheck:a:$A2" n 00000000000000000000000000000000 >/dev/null
if [ "${1:-}" != honest ]; then
  echo "== attacker (no key): one job delayed by ten years"
  npx tsx scripts/attack34/add-delayed-job.ts "$URL" rp
fi
setsid "${CLI[@]}" worker "${Q[@]}" "${T[@]}" "${K[@]}" -c 1 2>/dev/null & WPID=$!
until [ "$(redis-cli -p "$PORT" xlen bull:rp:sealcheck:results)" -ge 1 ] && [ "$(redis-cli -p "$PORT" llen bull:rp:wait)" = 0 ] && [ "$(redis-cli -p "$PORT" llen bull:rp:active)" = 0 ]; do sleep 0.5; done
sleep 1
echo "== workers done; the operator reads (no --follow), with the receipt and the key"
"${CLI[@]}" queue results "${Q[@]}" "${K[@]}" --receipt "$W/r.jsonl" --out "$W/out.jsonl" 2>&1 | grep -E "archive|Exit code|no trusted" | cut -c1-160; rc=${PIPESTATUS[0]}
echo "queue results exit code: $rc (receipt: $(wc -l <"$W/r.jsonl") archives, result lines: $(wc -l <"$W/out.jsonl"))"
