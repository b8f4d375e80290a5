#!/usr/bin/env bash
# Finding W1 probe: a worker whose Redis went away does not stop on SIGTERM (nor on a second SIGTERM).
set -u
cd "$(dirname "$0")/../.."
PORT=${PORT:-$((20000 + RANDOM % 20000))}
W=$(mktemp -d /tmp/attack34-w.XXXXXX)
redis-server --port "$PORT" --bind 127.0.0.1 --save "" --appendonly no --daemonize yes --pidfile "$W/redis.pid" --dir "$W" >/dev/null
sleep 0.5
setsid npx tsx cli/main.ts worker --redis "redis://127.0.0.1:$PORT" --queue w1 --trust samples/trust -c 1 2>"$W/worker.log" & WPID=$!
sleep 6
NODE=$(pgrep -g "$WPID" -f "cli/main.ts worker" | tail -1)
echo "worker node pid $NODE; stopping Redis"
kill "$(cat "$W/redis.pid")"; sleep 2
echo "SIGTERM"; kill -TERM "$NODE"; sleep 10
if kill -0 "$NODE" 2>/dev/null; then echo "still running 10 s after SIGTERM"; kill -TERM "$NODE"; sleep 10
  kill -0 "$NODE" 2>/dev/null && echo "still running 10 s after a second SIGTERM (HANG)" || echo "stopped after second SIGTERM"
else echo "stopped after SIGTERM"; fi
tail -3 "$W/worker.log"
kill -9 -- "-$WPID" 2>/dev/null; wait 2>/dev/null; rm -rf "$W"
