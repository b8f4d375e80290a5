#!/usr/bin/env bash
# Probe M1: the reader keeps per-entry state for entries it refuses (refusedWhy: one message per distinct fake
# archive id; taken: one object per entry when reading without --trim). A Redis writer floods the stream with
# N tiny entries naming distinct fake archive ids; `queue results` max RSS grows with N.
# usage: queue-reader-memory.sh N
set -u
cd "$(dirname "$0")/../.."
N=${1:-200000}
PORT=${PORT:-$((20000 + RANDOM % 20000))}
W=$(mktemp -d /tmp/attack34-m.XXXXXX)
redis-server --port "$PORT" --bind 127.0.0.1 --save "" --appendonly no --daemonize yes --pidfile "$W/redis.pid" --dir "$W" >/dev/null
sleep 0.5
trap 'kill "$(cat "$W/redis.pid")" 2>/dev/null; rm -rf "$W"' EXIT
redis-cli -p "$PORT" eval "for i=1,tonumber(ARGV[1]) do redis.call('XADD', KEYS[1], '*', 'job', 'a-' .. string.format('%040x', i), 'n', '00', 'r', '{}') end return 1" 1 bull:m:sealcheck:results "$N" >/dev/null
echo "stream entries: $(redis-cli -p "$PORT" xlen bull:m:sealcheck:results); redis used_memory: $(redis-cli -p "$PORT" info memory | grep -m1 used_memory_human)"
/usr/bin/time -f "queue results: exit %x, %e s, max RSS %M KiB" node --import tsx cli/main.ts queue results --redis "redis://127.0.0.1:$PORT" --queue m 2>&1 >/dev/null | grep -v "ignored result entry" | tail -3
