#!/usr/bin/env bash
# B9 (low, fails closed): the queue's index counter comes from Redis unchecked. A writer without the key sets
# <prefix>:<queue>:sealcheck:index to 2^53+1: `queue add` then enqueues with index 9007199254740992 (not a safe
# integer), writes that into the receipt, and reports success; the worker refuses every such job (ERR_QUEUE_JOB)
# and `queue results --receipt` refuses the operator's own receipt as "not a queue receipt line" (exit 3).
# usage: scripts/attack34b/index-overflow.sh [honest]
set -u
cd "$(dirname "$0")/../.."
[ -f dist/cli/main.js ] || npm run build >/dev/null
PORT=$((20000 + RANDOM % 20000)); W=$(mktemp -d /tmp/attack34b-i.XXXXXX)
redis-server --port $PORT --bind 127.0.0.1 --save "" --appendonly no --daemonize yes --pidfile $W/pid --dir $W >/dev/null; sleep 0.4
trap 'kill $(cat $W/pid)' EXIT
mkdir -p $W/a/a1 && cp samples/valid/workflowtoken.json $W/a/a1/ && cp -r samples/valid/originals $W/a/a1/
[ "${1:-}" != honest ] && redis-cli -p $PORT set bull:ix:sealcheck:index 9007199254740993 >/dev/null
openssl rand -out $W/k 32
Q=(--redis redis://127.0.0.1:$PORT --queue ix --result-key $W/k)
node dist/cli/main.js queue add $W/a "${Q[@]}" --trust samples/trust --receipt $W/r.jsonl 2>&1 | tail -1; echo "queue add exit ${PIPESTATUS[0]}"
grep -o '"index":[0-9]*' $W/r.jsonl
node dist/cli/main.js queue results "${Q[@]}" --receipt $W/r.jsonl >/dev/null 2>$W/err; echo "queue results --receipt exit $?: $(cut -c1-160 $W/err)"
