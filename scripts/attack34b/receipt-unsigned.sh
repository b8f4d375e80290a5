#!/usr/bin/env bash
# B8: a receipt carries no MAC and no count, though `queue add` holds the result key when it writes it. Whoever
# can write the receipt file (kept "outside Redis" -- e.g. beside the archives on the shared storage) deletes a
# tampered archive's line: `queue wait --receipt --result-key` accounts for exactly the receipt's archives, so
# the tampered one is simply not part of the summary: "1 archive ... all TOTAL-PASSED", exit 0. (Appending a line
# with an earlier enqueue's nonce likewise re-opens Q1's rollback: the last line per archive wins.)
# usage: scripts/attack34b/receipt-unsigned.sh [honest]   (honest: receipt untouched; control: exit 1)
set -u
cd "$(dirname "$0")/../.."
ROOT=$PWD
[ -f dist/cli/main.js ] || npm run build >/dev/null
PORT=${PORT:-$((20000 + RANDOM % 20000))}
W=$(mktemp -d /tmp/attack34b-u.XXXXXX)
URL=redis://127.0.0.1:$PORT
Q=(--redis "$URL" --queue ru)
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
cp samples/tampered/original-changed/originals/* "$W/arch/a2/originals/"   # a2 fails
"${CLI[@]}" queue add "$W/arch" "${Q[@]}" "${T[@]}" "${K[@]}" --receipt "$W/arch.receipt.jsonl" 2>/dev/null
if [ "${1:-}" != honest ]; then
  echo "== attacker (write access to the receipt, no key): a2's line deleted"
  sed -i '/\/a2\//d' "$W/arch.receipt.jsonl"
fi
setsid "${CLI[@]}" worker "${Q[@]}" "${T[@]}" "${K[@]}" -c 1 2>/dev/null & WPID=$!
timeout 60 "${CLI[@]}" queue wait "${Q[@]}" "${K[@]}" --receipt "$W/arch.receipt.jsonl" --out "$W/out.jsonl" 2>&1 | grep -E "archive|Exit code|no trusted"; rc=${PIPESTATUS[0]}
echo "queue wait exit code: $rc (result lines: $(wc -l <"$W/out.jsonl"); queue add found 2)"
