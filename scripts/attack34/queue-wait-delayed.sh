#!/usr/bin/env bash
# Probe H1: one job delayed by ten years, added by a Redis writer, keeps `queue wait` (and results --follow)
# from ever finishing, though every archive enqueued has its result. usage: queue-wait-delayed.sh [honest]
. "$(dirname "$0")/../attack34/queue-env.sh" attack34-h hd
mk "$W/arch/a1"
"${CLI[@]}" queue add "$W/arch" "${Q[@]}" "${T[@]}" 2>/dev/null
[ "${1:-}" != honest ] && npx tsx scripts/attack34/add-delayed-job.ts "$URL" hd
setsid "${CLI[@]}" worker "${Q[@]}" "${T[@]}" -c 1 2>/dev/null & WPID=$!
timeout 60 "${CLI[@]}" queue wait "${Q[@]}" --out "$W/r.jsonl"; rc=$?
[ $rc = 124 ] && echo "queue wait still waiting after 60 s (killed by timeout); results written: $(wc -l < "$W/r.jsonl")" || echo "queue wait exit $rc"
