#!/usr/bin/env bash
# Probe H1: one job delayed by ten years, added by a Redis writer, keeps `queue wait` (and results --follow)
# from ever finishing, though every archive enqueued has its result. usage: queue-wait-delayed.sh [honest]
set -u
cd "$(dirname "$0")/../.."
ROOT=$PWD
PORT=${PORT:-$((20000 + RANDOM % 20000))}
W=$(mktemp -d /tmp/attack34-h.XXXXXX)
URL=redis://127.0.0.1:$PORT; Q=(--redis "$URL" --queue hd); T=(--trust samples/trust)
redis-server --port "$PORT" --bind 127.0.0.1 --save "" --appendonly no --daemonize yes --pidfile "$W/redis.pid" --dir "$W" >/dev/null
sleep 0.5
cleanup() { [ -n "${WPID:-}" ] && kill -9 -- "-$WPID" 2>/dev/null; wait 2>/dev/null; kill "$(cat "$W/redis.pid")" 2>/dev/null; rm -rf "$W"; }
trap cleanup EXIT
mkdir -p "$W/arch/a1"; cp samples/valid/workflowtoken.json "$W/arch/a1/"; cp -r samples/valid/originals "$W/arch/a1/"
npx tsx cli/main.ts queue add "$W/arch" "${Q[@]}" "${T[@]}" 2>/dev/null
[ "${1:-}" != honest ] && npx tsx scripts/attack34/add-delayed-job.ts "$URL" hd
setsid npx tsx "$ROOT/cli/main.ts" worker "${Q[@]}" "${T[@]}" -c 1 2>/dev/null & WPID=$!
timeout 60 npx tsx cli/main.ts queue wait "${Q[@]}" --out "$W/r.jsonl"; rc=$?
[ $rc = 124 ] && echo "queue wait still waiting after 60 s (killed by timeout); results written: $(wc -l < "$W/r.jsonl")" || echo "queue wait exit $rc"
