# C5 after h7b (queue add pins SHA-256 of the evidence and the originals): the archive store holds a tampered
# original when `queue add` runs; the writer puts the genuine original back just for the worker's run (and a
# second archive's evidence is swapped for another genuine one). Expected: neither passes (contentChanged).
#   bash scripts/attack-s9b/queue-swap-genuine.sh [swap|honest]
# honest: nothing changes between add and run (the tampered archive fails, the genuine one passes).
. "$(dirname "$0")/../attack34/queue-env.sh" a14-c5 c5
mode=${1:-swap}
mk "$W/arch/a1"
mk "$W/arch/a2"
cp samples/tampered/original-changed/originals/* "$W/arch/a1/originals/"
echo "== queue add (a1 holds a tampered original, a2 genuine)"
"${CLI[@]}" queue add "$W/arch" "${Q[@]}" "${T[@]}" "${K[@]}" --receipt "$W/receipt.jsonl" | tail -2
if [ "$mode" = swap ]; then
  echo "== the writer puts a1's genuine originals back, and a2's evidence becomes samples/valid/pades.json's twin"
  cp samples/valid/originals/* "$W/arch/a1/originals/"
  node -e 'const fs=require("fs");const f=process.argv[1];const j=JSON.parse(fs.readFileSync(f));fs.writeFileSync(f,JSON.stringify(j,null,1))' "$W/arch/a2/workflowtoken.json"
fi
setsid "${CLI[@]}" worker "${Q[@]}" "${T[@]}" "${K[@]}" -c 1 2>"$W/worker.log" &
WPID=$!
"${CLI[@]}" queue wait "${Q[@]}" "${K[@]}" --receipt "$W/receipt.jsonl" --out "$W/r.jsonl"
echo "queue wait exit code: $?"
node -e 'for (const l of require("fs").readFileSync(process.argv[1],"utf8").trim().split("\n")) { const r=JSON.parse(l); console.log(r.evidence, r.indication, r.subIndication ?? "", (r.message ?? r.reason ?? "").slice(0,200)); }' "$W/r.jsonl"
