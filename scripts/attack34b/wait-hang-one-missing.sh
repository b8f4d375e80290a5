#!/usr/bin/env bash
# B6: H1's mend stops the reader only when EVERY enqueued archive has an accepted result. A Redis writer
# without the key who (a) adds one job delayed by ten years (H1) and (b) makes one real archive never get a
# result (here: changes the nonce `n` of its record, so the worker's PUBLISH writes nothing and completes the job)
# keeps `queue wait` following forever: one archive is not accepted, and a job (the decoy) is left. Without the
# decoy the reader ends with a no-verdict line for that archive (exit 3); with it, never (no exit code at all,
# killed by timeout here after 60 s). The same with --receipt.
# usage: scripts/attack34b/wait-hang-one-missing.sh [honest]   (honest: nonce changed, no decoy: exit 3)
set -u
cd "$(dirname "$0")/../.."
ROOT=$PWD
[ -f dist/cli/main.js ] || npm run build >/dev/null
PORT=${PORT:-$((20000 + RANDOM % 20000))}
W=$(mktemp -d /tmp/attack34b-h.XXXXXX)
URL=redis://127.0.0.1:$PORT
Q=(--redis "$URL" --queue hm)
CLI=(node "$ROOT/dist/cli/main.js")
redis-server --port "$PORT" --bind 127.0.0.1 --save "" --appendonly no --daemonize yes --pidfile "$W/redis.pid" --dir "$W" >/dev/null
sleep 0.5
cleanup() { [ -n "${WPID:-}" ] && kill -9 -- "-$WPID" 2>/dev/null; wait 2>/dev/null; kill "$(cat "$W/redis.pid")" 2>/dev/null; }
trap cleanup EXIT
openssl rand -out "$W/result.key" 32
K=(--result-key "$W/result.key")
T=(--trust samples/trust)
mk() { mkdir -p "$1"; cp samples/valid/workflowtoken.json "$1/"; cp -r samples/valid/originals "$1/originals"; }
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
