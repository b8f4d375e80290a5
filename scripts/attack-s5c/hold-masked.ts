// M1: laterStop (hs5c) reads pathStatusAt's one decided certificate. pathStatusAt keeps the *first* undecided
// certificate on the path (`undecided ??= ...`), and "undecided" is a hold in force *or* an item that cannot be
// verified stating a revocation (hs5b's unchecked rule). laterStop stops only for `revokedAt` or `held`: when the
// first undecided certificate is an unchecked one, laterStop returns null and a CA on hold further up the path
// is never said. An unverifiable item is one anyone can write (attack-s5 U1c: the algorithm identifier lies
// outside the signature).
// File: samples/valid/archive.pdf (B-T, no proven POE at the validation time: long-term judges the token at now,
// J1b/J1c) plus one LTV-only DSS revision. The token root is anchored, the token CA given with --certs (as
// attack-s5b J1c).
//   npx tsx scripts/attack-s5c/hold-masked.ts [hold|masked|unchecked]
// hold: the token root's CRL of 2026-06-02 listing the token CA on hold (certificateHold) since 2026-06-01,
//   never lifted: hs5c's J1c fix says INDETERMINATE / TRY_LATER (right).
// masked: the same CRL plus an OCSP response about the token-signing certificate, "revoked at 2026-06-01", signed
//   in the token CA's name, its signatureAlgorithm md5WithRSAEncryption and its signature 384 random bytes (no
//   key: anyone writes it; it cannot be verified): the CA's hold is no longer said, TOTAL-PASSED.
// unchecked: that OCSP response alone (the root's CRL listing nothing): what the unverifiable claim does alone.
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { createCrl, createOcspResponse } from "../generator/ocsp.js";
import { serialBytes } from "../generator/pki.js";
import { pki, sample, save, show, withDss, work, type Verdict } from "../attack36/lib.js";

const mode = process.argv[2] ?? "masked";
if (!["hold", "masked", "unchecked"].includes(mode)) throw new Error(`mode: hold|masked|unchecked, not ${mode}`);
const P = pki();
const since = new Date("2026-06-01T00:00:00Z");
const thisUpdate = new Date("2026-06-02T00:00:00Z");
const nextUpdate = new Date("2027-06-02T00:00:00Z");
const rootCrl = createCrl({
  issuer: P.tokenRoot,
  thisUpdate,
  nextUpdate,
  revoked: mode === "unchecked" ? [] : [{ serial: serialBytes(P.tokenCa), at: since, reason: 6 }],
  number: 7,
});
const ocsps: Uint8Array[] = [];
if (mode !== "hold") {
  const der = createOcspResponse({
    subject: P.tokenSigner,
    issuer: P.tokenCa,
    responder: P.tokenCa,
    status: { revokedAt: since, reason: 1 },
    producedAt: thisUpdate,
    thisUpdate,
    nextUpdate,
  });
  const outer = pkijs.OCSPResponse.fromBER(der);
  const basic = pkijs.BasicOCSPResponse.fromBER(outer.responseBytes!.response.valueBlock.valueHexView);
  basic.signatureAlgorithm = new pkijs.AlgorithmIdentifier({ algorithmId: "1.2.840.113549.1.1.4", algorithmParams: new asn1js.Null() });
  // No key needed: the signature bytes are random (nothing verifies an md5 signature here).
  basic.signature = new asn1js.BitString({ valueHex: randomBytes(384) });
  outer.responseBytes!.response = new asn1js.OctetString({ valueHex: basic.toSchema().toBER(false) });
  ocsps.push(new Uint8Array(outer.toSchema().toBER(false)));
}
const file = save(work(`m1-${mode}`), "archive.pdf", withDss(sample("valid/archive.pdf"), { crls: [rootCrl], ocsps }));
console.log(
  `wrote ${file}: samples/valid/archive.pdf + a DSS revision: the token root's CRL listing ${mode === "unchecked" ? "nothing" : `the token CA on hold since ${since.toISOString()}`}${ocsps.length ? "; an md5-labelled OCSP response of the token CA: token signer revoked at " + since.toISOString() : ""}`,
);
const trust = work("m1-trust");
for (const a of ["seal-root.pem", "token-root.pem", "tsa-root.pem"]) copyFileSync(join("samples/trust", a), join(trust, a));
const r = spawnSync(
  "node",
  ["dist/cli/main.js", "verify", file, "samples/valid/originals", "--trust", trust, "--certs", "samples/trust/token-issuing-ca.pem", "--json"],
  { encoding: "utf8", maxBuffer: 64 << 20 },
);
const report = JSON.parse(r.stdout) as Verdict["report"] & { indication: string; subIndication: string | null };
show(mode, { indication: report.indication, subIndication: report.subIndication, exit: r.status ?? -1, report });
const all = JSON.stringify(report);
console.log(`== the report mentions the token CA's hold ("on hold"): ${/on hold/i.test(all) ? "yes" : "NO"}`);
console.log(`== the report mentions an item that cannot be verified: ${/cannot be verified|not decided/i.test(all) ? "yes" : "NO"}`);
for (const c of report.checks)
  if (["token-certificate", "ocsp-status", "long-term"].includes(c.id)) console.log(`   ${c.id}: ${c.status}: ${c.message.slice(0, 300)}`);
