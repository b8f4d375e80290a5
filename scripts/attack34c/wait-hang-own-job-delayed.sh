#!/usr/bin/env bash
# C3: B6's fix ends `queue wait` once no job "that can still deliver" holds an archive without a result, where a
# job can deliver if its key exists and it is not in the completed or failed set. A Redis writer without the key
# moves the real job of one receipt archive (a2, alone in its job: --group-size 1) from the wait list into the
# delayed set, ten years ahead (LREM + ZADD: job data, record, nonce and MACs untouched). Its key exists and it is
# neither completed nor failed, so the reader (with --receipt and --result-key) follows forever: no exit code,
# no line for a2 (killed by `timeout 60` here). Same with the job left in no list at all plus any decoy delayed job.
# usage: scripts/attack34c/wait-hang-own-job-delayed.sh [honest]   (honest: nothing moved: exit 0 in seconds)
. "$(dirname "$0")/../attack34/queue-env.sh" attack34c-h hm
mk "$W/arch/a1"; mk "$W/arch/a2"
"${CLI[@]}" queue add "$W/arch" "${Q[@]}" "${T[@]}" "${K[@]}" --group-size 1 --receipt "$W/r.jsonl" 2>/dev/null
A2=$(grep '/a2/' "$W/r.jsonl" | grep -o '"id":"a-[0-9a-f]*"' | cut -d'"' -f4)
J2=$(redis-cli -p "$PORT" hget "bull:hm:sealcheck:a:$A2" g)
if [ "${1:-}" != honest ]; then
  echo "== attacker (no key): a2's own job $J2 moved from wait to delayed, ten years ahead"
  redis-cli -p "$PORT" lrem bull:hm:wait 0 "$J2" >/dev/null
  redis-cli -p "$PORT" zadd bull:hm:delayed $(( ( $(date +%s) + 315360000 ) * 1000 * 4096 )) "$J2" >/dev/null
  redis-cli -p "$PORT" hset "bull:hm:$J2" delay 315360000000 >/dev/null
fi
setsid "${CLI[@]}" worker "${Q[@]}" "${T[@]}" "${K[@]}" -c 1 2>/dev/null & WPID=$!
start=$(date +%s)
timeout 60 "${CLI[@]}" queue wait "${Q[@]}" "${K[@]}" --receipt "$W/r.jsonl" --out "$W/out.jsonl" 2>&1 | grep -E "archive|Exit code|delayed|no trusted|left" | cut -c1-200; rc=${PIPESTATUS[0]}
echo "queue wait exit code: $rc after $(( $(date +%s) - start )) s (124 = killed by the timeout); result lines: $(wc -l <"$W/out.jsonl")"
exit "$rc"
