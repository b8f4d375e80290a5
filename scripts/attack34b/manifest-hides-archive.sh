#!/usr/bin/env bash
# B5: a sealcheck-manifest.json planted in a shared archive folder "speaks for its directory and everything
# below it": whatever evidence there it does not list is never discovered, silently. An attacker with write
# access to the archive store drops an empty manifest ({"sealcheckManifest":1,"archives":[]}) -- or one named
# anything.sealcheck-manifest.json -- into the folder of a tampered archive: verify-batch (and queue add) over the
# tree verify every other archive, say nothing of this one, and end "all TOTAL-PASSED", exit 0. The tampered
# archive stays in place, unchanged, for whoever uses it.
# Variant `redirect`: the planted manifest lists a2's evidence with the originals of a copy the attacker keeps
# in a hidden folder inside the tree (genuine documents): a2 is reported TOTAL-PASSED, compared with files that are not
# a2/originals/ (which hold the changed document the operator will use).
# usage: scripts/attack34b/manifest-hides-archive.sh [honest|redirect]   (honest: no planted manifest; exit 1)
set -u
cd "$(dirname "$0")/../.."
[ -f dist/cli/main.js ] || npm run build >/dev/null
CLI=(node "$PWD/dist/cli/main.js")
W=$(mktemp -d /tmp/attack34b-m.XXXXXX)
mk() { mkdir -p "$1"; cp samples/valid/workflowtoken.json "$1/"; cp -r samples/valid/originals "$1/originals"; }
mk "$W/store/2025/a1"; mk "$W/store/2025/a2"; mk "$W/store/2025/a3"
cp samples/tampered/original-changed/originals/* "$W/store/2025/a2/originals/"      # a2 was tampered with
if [ "${1:-}" = redirect ]; then
  mkdir -p "$W/store/2025/a2/.keep"; cp samples/valid/originals/* "$W/store/2025/a2/.keep/"
  printf '{"sealcheckManifest":1,"archives":[{"evidence":"workflowtoken.json","originals":[".keep/%s"]}]}\n' \
    $(ls samples/valid/originals | head -1) > "$W/store/2025/a2/sealcheck-manifest.json"
  ls samples/valid/originals | sed 1d | while read -r f; do sed -i "s|\]}\]}|,\".keep/$f\"]}]}|" "$W/store/2025/a2/sealcheck-manifest.json"; done
  cat "$W/store/2025/a2/sealcheck-manifest.json"
elif [ "${1:-}" != honest ]; then
  echo '{"sealcheckManifest":1,"archives":[]}' > "$W/store/2025/a2/notes.sealcheck-manifest.json"   # planted
fi
"${CLI[@]}" verify-batch "$W/store" --trust samples/trust --out "$W/r.jsonl" 2>&1 | grep -E "archive|Exit code|TOTAL-FAILED|problem"; rc=${PIPESTATUS[0]}
grep -h '/a2/' "$W/r.jsonl" | grep -o '"evidence":"[^"]*","originals":\[[^]]*\],"indication":"[A-Z-]*"' | sed "s|$W|\$W|g"
echo "verify-batch exit code: $rc (lines: $(wc -l <"$W/r.jsonl"))"
"${CLI[@]}" verify "$W/store/2025/a2/workflowtoken.json" "$W/store/2025/a2/originals" --trust samples/trust >/dev/null; echo "direct verify of a2: exit $?"
rm -rf "$W"
