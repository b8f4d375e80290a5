#!/usr/bin/env bash
# B6: H1's mend stops the reader only when EVERY enqueued archive has an accepted result. A Redis writer
# without the key who (a) adds one job delayed by ten years (H1) and (b) makes one real archive never get a
# result (here: changes the nonce `n` of its record, so the worker's PUBLISH writes nothing and completes the job)
# keeps `queue wait` following forever: one archive is not accepted, and a job (the decoy) is left. Without the
# decoy the reader ends with a no-verdict line for that archive (exit 3); with it, never (no exit code at all,
# killed by timeout here after 60 s). The same with --receipt.
# usage: scripts/attack34b/wait-hang-one-missing.sh [honest]   (honest: nonce changed, no decoy: exit 3)
. "$(dirname "$0")/../attack34/queue-env.sh" attack34b-h hm
mk "$W/arch/a1"; mk "$W/arch/a2"
"${CLI[@]}" queue add "$W/arch" "${Q[@]}" "${T[@]}" "${K[@]}" --receipt "$W/r.jsonl" 2>/dev/null
A2=$(grep '/a2/' "$W/r.jsonl" | grep -o '"id":"a-[0-9a-f]*"' | cut -d'"' -f4)
echo "== attacker (no key): a2's record nonce changed"
redis-cli -p "$PORT" hset "bull:hm:sealcheck:a:$A2" n 00000000000000000000000000000000 >/dev/null
if [ "${1:-}" != honest ]; then
  echo "== attacker (no key): one job delayed by ten years"
  npx tsx scripts/attack34/add-delayed-job.ts "$URL" hm
fi
setsid "${CLI[@]}" worker "${Q[@]}" "${T[@]}" "${K[@]}" -c 1 2>/dev/null & WPID=$!
start=$(date +%s)
timeout 60 "${CLI[@]}" queue wait "${Q[@]}" "${K[@]}" --receipt "$W/r.jsonl" --out "$W/out.jsonl" 2>&1 | grep -E "archive|Exit code|delayed|no trusted" | cut -c1-200; rc=${PIPESTATUS[0]}
echo "queue wait exit code: $rc after $(( $(date +%s) - start )) s (124 = killed by the timeout); result lines: $(wc -l <"$W/out.jsonl")"
