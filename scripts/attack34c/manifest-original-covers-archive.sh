#!/usr/bin/env bash
# C1: with --follow-manifests, a manifest found in the tree "covers" every path it lists, originals included,
# and everything below a listed directory: a covered path is skipped by the walk, never reported as "not listed".
# A manifest planted at the top of a shared store lists a genuine archive g with, among g's originals, the
# sealed evidence of the tampered archive t (t/archive.pdf). As an original of g, t/archive.pdf is "a sealed
# archive among the originals (a slip)" and is set aside, so g passes; as a covered path, t/archive.pdf is not
# walked as evidence, and t/originals/ (a folder named originals) is never walked at all. Result: verify-batch
# (and queue add, same discovery) says "all TOTAL-PASSED", exit 0, while t (changed contract) is never verified.
# Variant `redirect`: the manifest lists t/archive.pdf with g's originals: t passes, t/originals/ (the changed
# contract, what the operator will use) is never read, and nothing says t has an originals folder left out.
# usage: scripts/attack34c/manifest-original-covers-archive.sh [honest|redirect]   (honest: no manifest: exit 1)
set -u
cd "$(dirname "$0")/../.."
[ -f dist/cli/main.js ] || npm run build >/dev/null
W=$(mktemp -d /tmp/attack34c-m.XXXXXX)
mk() { mkdir -p "$1"; cp samples/valid/archive.pdf "$1/"; cp -r samples/valid/originals "$1/originals"; }
mk "$W/store/g"; mk "$W/store/t"
cp samples/tampered/original-changed/originals/* "$W/store/t/originals/"   # t: its contract was changed
if [ "${1:-}" = redirect ]; then
  echo '{"sealcheckManifest":1,"archives":[{"evidence":"g/archive.pdf","originals":["g/originals"]},{"evidence":"t/archive.pdf","originals":["g/originals"]}]}' > "$W/store/sealcheck-manifest.json"
  echo "attacker: planted $W/store/sealcheck-manifest.json (t paired with g's originals)"
elif [ "${1:-}" != honest ]; then
  cat > "$W/store/sealcheck-manifest.json" <<'J'
{"sealcheckManifest":1,"archives":[{"evidence":"g/archive.pdf","originals":["g/originals","t/archive.pdf"]}]}
J
  echo "attacker: planted $W/store/sealcheck-manifest.json"
fi
node dist/cli/main.js verify-batch "$W/store" --follow-manifests --trust samples/trust --out "$W/r.jsonl" 2>&1 | tail -3
rc=${PIPESTATUS[0]}
echo "lines: $(wc -l <"$W/r.jsonl"); lines naming t/: $(grep -c '/t/' "$W/r.jsonl" || true)"
echo "verify-batch --follow-manifests exit code: $rc"
node dist/cli/main.js verify "$W/store/t/archive.pdf" "$W/store/t/originals" --trust samples/trust >/dev/null 2>&1
echo "direct verify of t: exit $?"
rm -rf "$W"
exit "$rc"
