// X1 class after h7c 9bebfb1: an anchor given through a trusted list. The forger's archive (lib.ts) carries two more
// attachments: "trusted-list.xml", an ETSI TS 119 612 list (signed XAdES-BES by the forger) whose CA/QC service is the
// forger's root (and whose TSA/QTST and token CA services are the samples' own), and "tl-signer.pem", its signer.
// An auditor who takes both from the file (pdfdetach) and verifies with --trusted-list/--tl-signer gets the
// forger's root as the anchor of the seal. trust-anchors' givenAnchors reads --trust and --trust-<role> only, and
// the report's anchor lines (Decides, From) are written for those only.
//   npx tsx scripts/attack-s9b/anchor-tl.ts [forged|honest]
// TERRITORY (env): the list's SchemeTerritory (a14 W13), default DK.
// honest: the same list with the samples' seal root as its CA/QC service, over samples/valid/archive.pdf.
import { spawnSync } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { tool } from "../attack36/lib.js";
import { utf8Bytes } from "../generator/index.js";
import { buildList, makeIdentities, sampleAnchorServices, sign } from "../../test/trustlist/sign.js";
import { written } from "../attack-s8b/lib.js";
import { forgedArchive } from "./lib.js";

const mode = process.argv[2] ?? "forged";
if (!["forged", "honest"].includes(mode)) throw new Error(`mode: forged|honest, not ${mode}`);
const { forger } = await makeIdentities({ forger: 2048 });
const now = Date.now();
const list = (rootDer: Uint8Array) =>
  sign(
    buildList({
      territory: process.env.TERRITORY ?? "DK",
      issued: new Date(now + 5_000),
      nextUpdate: new Date(now + 180 * 86400_000),
      services: sampleAnchorServices().map((s) => (s.type === "CA/QC" && s.name === "Test seal CA" ? { ...s, certificate: rootDer } : s)),
    }),
    forger,
  );
let file: string;
let originals: string;
let dir: string;
let rootSha = "";
if (mode === "forged") {
  const f = await forgedArchive(`tl-${mode}`, {
    rootCn: "NETS AS Root CA",
    attach: (root) => [
      { name: "trusted-list.xml", bytes: utf8Bytes(list(root.der)) },
      { name: "tl-signer.pem", bytes: utf8Bytes(forger.certPem) },
    ],
  });
  rootSha = createHash("sha256").update(f.root.der).digest("hex").toUpperCase();
  ({ file, originals, dir } = written(`s9b-tl-${mode}`, "archive.pdf", f.pdf, f.originals));
  tool("pdfdetach", ["-saveall", "-o", dir, file]);
} else {
  const w = written(`s9b-tl-${mode}`, "archive.pdf", new Uint8Array(readFileSync("samples/valid/archive.pdf")), []);
  ({ file, dir } = w);
  originals = "samples/valid/originals";
  const seal = new Uint8Array(new X509Certificate(readFileSync("samples/trust/seal-root.pem")).raw);
  spawnSync("sh", ["-c", `cat > ${join(dir, "trusted-list.xml")}`], { input: list(seal) });
  spawnSync("sh", ["-c", `cat > ${join(dir, "tl-signer.pem")}`], { input: forger.certPem });
}
console.log(`wrote ${file} (${mode}); pdfdetach -list: ${tool("pdfdetach", ["-list", file]).replace(/\n/g, " | ")}`);
if (rootSha) console.log(`   the forger's root (the list's CA/QC service): SHA-256 ${rootSha}`);
const args = ["dist/cli/main.js", "verify", file, originals, "--trusted-list", join(dir, "trusted-list.xml"), "--tl-signer", join(dir, "tl-signer.pem")];
const r = spawnSync("node", args, { encoding: "utf8" });
console.log(`== sealcheck ${args.slice(1).join(" ")}: exit ${r.status}`);
const out = r.stdout.split("\n");
console.log(out.slice(0, 3).join("\n"));
console.log(out.filter((l) => /trust-anchors|anchor/.test(l)).join("\n"));
const at = out.findIndex((l) => /^Trust anchors/.test(l));
console.log(out.slice(at).join("\n"));
console.log(`== the forger's root named anywhere in the text report: ${rootSha && r.stdout.replace(/\s/g, "").includes(rootSha) ? "yes" : "NO"}`);
const j = spawnSync("node", [...args, "--json"], { encoding: "utf8" });
console.log(
  `== ... in the JSON report: ${rootSha && j.stdout.includes(rootSha) ? "yes" : "NO"}; tl-signer's SHA-256 in it: ${j.stdout.includes(createHash("sha256").update(forger.der).digest("hex").toUpperCase()) ? "yes" : "NO"}`,
);
