#!/usr/bin/env bash
# C5: `queue add` pins paths, not bytes: neither the signed record nor the receipt holds a digest of the evidence
# or originals, so the worker's verdict is of whatever the paths hold when it runs (hours later; a Redis writer
# can also choose when, by moving the job). A writer of the archive store puts the genuine contract back into
# t/originals/ just for the worker's run, and the changed one again afterwards: `queue wait --receipt
# --result-key` says "all TOTAL-PASSED", exit 0, for the archive that was tampered with when it was enqueued and
# is tampered with when the operator reads the verdict (direct verify: TOTAL-FAILED, exit 1).
# usage: scripts/attack34c/queue-content-not-pinned.sh [honest]   (honest: no swap: exit 1)
. "$(dirname "$0")/../attack34/queue-env.sh" attack34c-p cp
mkdir -p "$W/arch/t"; cp samples/valid/archive.pdf "$W/arch/t/"; cp -r samples/tampered/original-changed/originals "$W/arch/t/originals"
"${CLI[@]}" queue add "$W/arch" "${Q[@]}" "${T[@]}" "${K[@]}" --receipt "$W/receipt.jsonl" 2>/dev/null
if [ "${1:-}" != honest ]; then
  echo "== attacker (archive store): genuine contract in t/originals for the worker's run"
  mv "$W/arch/t/originals" "$W/t-changed"; cp -r samples/valid/originals "$W/arch/t/originals"
fi
setsid "${CLI[@]}" worker "${Q[@]}" "${T[@]}" "${K[@]}" -c 1 2>/dev/null & WPID=$!
for _ in $(seq 60); do [ "$(redis-cli -p "$PORT" xlen bull:cp:sealcheck:results)" -ge 1 ] && break; sleep 1; done
if [ "${1:-}" != honest ]; then
  echo "== attacker: the changed contract back in place"
  rm -rf "$W/arch/t/originals"; mv "$W/t-changed" "$W/arch/t/originals"
fi
timeout 60 "${CLI[@]}" queue wait "${Q[@]}" "${K[@]}" --receipt "$W/receipt.jsonl" --out "$W/out.jsonl" 2>&1 | grep -E "archive|Exit code" | sed "s|$W|\$W|g"; rc=${PIPESTATUS[0]}
echo "queue wait exit code: $rc"
"${CLI[@]}" verify "$W/arch/t/archive.pdf" "$W/arch/t/originals" "${T[@]}" >/dev/null 2>&1; echo "direct verify of t now: exit $?"
exit "$rc"
