#!/usr/bin/env bash
# B8: a receipt carries no MAC and no count, though `queue add` holds the result key when it writes it. Whoever
# can write the receipt file (kept "outside Redis" -- e.g. beside the archives on the shared storage) deletes a
# tampered archive's line: `queue wait --receipt --result-key` accounts for exactly the receipt's archives, so
# the tampered one is simply not part of the summary: "1 archive ... all TOTAL-PASSED", exit 0. (Appending a line
# with an earlier enqueue's nonce likewise re-opens Q1's rollback: the last line per archive wins.)
# usage: scripts/attack34b/receipt-unsigned.sh [honest]   (honest: receipt untouched; control: exit 1)
. "$(dirname "$0")/../attack34/queue-env.sh" attack34b-u ru
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
