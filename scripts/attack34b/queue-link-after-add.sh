#!/usr/bin/env bash
# B11: "discovery does not leave its roots through links" is decided when `queue add` walks the tree, not when the
# worker reads it (hours later, on another machine). After the add, a writer of the shared archive folder plants
# originals/notes.pdf -> a file of the worker's own outside the root: the worker reads it and the result line
# (in Redis, and the reader's --out) carries its path, size and SHA-256 (a fingerprint of a private file). At add
# time the same link is refused ("a symbolic link out of the directory searched, not followed").
# usage: scripts/attack34b/queue-link-after-add.sh [honest]   (honest: the link is planted before the add)
. "$(dirname "$0")/../attack34/queue-env.sh" attack34b-l ll
mkdir -p "$W/private" "$W/arch/a1"
echo "%PDF-1.7 the worker's private file" > "$W/private/secret.pdf"
cp samples/valid/workflowtoken.json "$W/arch/a1/"; cp -r samples/valid/originals "$W/arch/a1/originals"
[ "${1:-}" = honest ] && ln -s "$W/private/secret.pdf" "$W/arch/a1/originals/notes.pdf"
"${CLI[@]}" queue add "$W/arch" "${Q[@]}" --trust samples/trust 2>/dev/null
[ "${1:-}" = honest ] || ln -s "$W/private/secret.pdf" "$W/arch/a1/originals/notes.pdf"   # planted after the add
setsid "${CLI[@]}" worker "${Q[@]}" --trust samples/trust -c 1 --reports all 2>/dev/null & WPID=$!
timeout 60 "${CLI[@]}" queue wait "${Q[@]}" --out "$W/out.jsonl" 2>&1 | grep -E "archive|Exit code" | sed "s|$W|\$W|g"
echo "secret.pdf sha256: $(sha256sum "$W/private/secret.pdf" | cut -c1-64)"
echo "in the result line: $(grep -o '"file":"[^"]*secret[^"]*","sha256Hex":"[0-9a-f]*"\|"file":"[^"]*notes.pdf","sha256Hex":"[0-9a-f]*"' "$W/out.jsonl" | head -1 | sed "s|$W|\$W|g")"
grep -o 'notes.pdf[^"]*": a symbolic link out[^"]*' "$W/out.jsonl" | head -1
