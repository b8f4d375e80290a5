# Sourced by the queue attack scripts (attack34*): `. "$(dirname "$0")/../attack34/queue-env.sh" <tag> <queue>`.
# Runs from the repository root with dist/ built; starts a redis-server on a random loopback port in a fresh
# work dir W (removed at exit, with the worker's process group WPID if set); sets URL, Q (--redis, --queue),
# CLI (the built CLI), K (--result-key of a fresh key), T (--trust samples/trust); mk <dir> makes an archive
# folder of the valid sample's Workflow-token JSON and originals.
set -u
cd "$(dirname "${BASH_SOURCE[1]}")/../.."
ROOT=$PWD
[ -f dist/cli/main.js ] || npm run build >/dev/null
PORT=${PORT:-$((20000 + RANDOM % 20000))}
W=$(mktemp -d "/tmp/$1.XXXXXX")
URL=redis://127.0.0.1:$PORT
Q=(--redis "$URL" --queue "$2")
CLI=(node "$ROOT/dist/cli/main.js")
redis-server --port "$PORT" --bind 127.0.0.1 --save "" --appendonly no --daemonize yes --pidfile "$W/redis.pid" --dir "$W" >/dev/null
sleep 0.5
cleanup() { [ -n "${WPID:-}" ] && kill -9 -- "-$WPID" 2>/dev/null; wait 2>/dev/null; kill "$(cat "$W/redis.pid")" 2>/dev/null; rm -rf "$W"; }
trap cleanup EXIT
openssl rand -out "$W/result.key" 32
K=(--result-key "$W/result.key")
T=(--trust samples/trust)
mk() { mkdir -p "$1"; cp samples/valid/workflowtoken.json "$1/"; cp -r samples/valid/originals "$1/originals"; }
