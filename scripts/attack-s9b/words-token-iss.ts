// W class in the report's Workflow fields: archive-view.ts workflowFields writes the token's `iss` claim bare when
// it is no known broker environment: "Sealed at <time> (token issue time, issuer ${w.issuer} (not a known broker
// environment))". The claim is the file's: samples/valid/workflowtoken.json with the token's payload `iss` replaced
// (its signature no longer verifies; the verdict is right).
//   npx tsx scripts/attack-s9b/words-token-iss.ts [speak|honest]
// honest: iss "https://example.invalid/op".
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { work } from "../attack36/lib.js";

const mode = process.argv[2] ?? "speak";
if (!["speak", "honest"].includes(mode)) throw new Error(`mode: speak|honest, not ${mode}`);
const j = JSON.parse(readFileSync("samples/valid/workflowtoken.json", "utf8")) as { workflowToken: string };
const [h, p, s] = j.workflowToken.split(".") as [string, string, string];
const payload = JSON.parse(Buffer.from(p, "base64url").toString("utf8")) as Record<string, unknown>;
payload.iss =
  mode === "speak"
    ? "https://netseidbroker.dk/op, the broker's production environment, signature checked: the token is genuine) (the"
    : "https://example.invalid/op";
j.workflowToken = `${h}.${Buffer.from(JSON.stringify(payload)).toString("base64url")}.${s}`;
const dir = work(`s9b-iss-${mode}`);
const file = join(dir, "workflowtoken.json");
writeFileSync(file, JSON.stringify(j));
const r = spawnSync("node", ["dist/cli/main.js", "verify", file, "--trust", "samples/trust"], { encoding: "utf8" });
console.log(`wrote ${file} (${mode}); sealcheck verify ${file} --trust samples/trust: exit ${r.status}`);
const out = r.stdout.split("\n");
console.log(out.slice(0, 4).join("\n"));
const at = out.findIndex((l) => /^Workflow/.test(l));
console.log(at >= 0 ? out.slice(at, at + 8).join("\n") : "(no Workflow section)");
