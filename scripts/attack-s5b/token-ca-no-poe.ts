// J1c: J1b (c62f3a4) judges the sealed token without a proven POE at the validation time, but only the token
// certificate's own revocation (ocsp-status's tokenRevokedAt) and the validity periods of its path: a CA on the
// token certificate's path revoked after the time the seal's timestamp claims and before the validation time is
// never weighed. token-certificate asks its CAs' status at the sealing time only (pathStatusAt at `at`), and
// long-term's tokenWithoutPoe has no counterpart of seal-certificate's "a CA revoked after the sealing time ends
// the seal's validity then" (`later`, sealRevokedAt). So the token is taken as made before a revocation nothing
// shows it preceded.
// The token CA is a CA on the path only when the auditor anchors the token root (as `--trust-token oces3/` with
// the OCES root would): samples/trust also holds the token CA itself, so the scripts give the sample anchors but
// the token CA (`seal-root.pem`, `token-root.pem`, `tsa-root.pem`) and the token CA as an untrusted certificate
// (`--certs`). Without revocation data for the token CA the sample is INDETERMINATE/TRY_LATER (token-certificate:
// "no acceptable revocation data at 2025-12-08T08:36:38Z").
// File: samples/valid/archive.pdf (B-T; its signature timestamp is no proof at the validation time: its TSA has
// no revocation data, as the broker's) plus an LTV-only revision whose DSS holds the token root's CRL of
// 2026-06-02 listing the token CA revoked at 2026-06-01 (keyCompromise). Verified now (after it).
//   npx tsx scripts/attack-s5b/token-ca-no-poe.ts [attack|honest|signer|hold|lta]
// attack: that CRL: TOTAL-PASSED (the CRL that revokes the CA is what satisfies token-certificate's "acceptable
// revocation data at the sealing time"). honest: the same CRL listing nothing: TOTAL-PASSED (right). signer: the
// token CA's CRL listing the token-signing certificate at the same date: J1b's rule, INDETERMINATE/REVOKED_NO_POE.
// hold: the token CA's CRL listing the token-signing certificate on hold (certificateHold) since the same date,
// never lifted: the token's counterpart of h36h's sealHeldAt is missing too: TOTAL-PASSED (the seal on hold so
// is INDETERMINATE/TRY_LATER). lta: the attack's CRL on samples/lta/archive.pdf (a POE proven before the revocation): TOTAL-PASSED (right).
import { createCrl } from "../generator/ocsp.js";
import { serialBytes } from "../generator/pki.js";
import { spawnSync } from "node:child_process";
import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { pki, sample, save, show, withDss, work, type Verdict } from "../attack36/lib.js";

const mode = process.argv[2] ?? "attack";
if (!["attack", "honest", "signer", "hold", "lta"].includes(mode)) throw new Error(`mode: attack|honest|signer|hold|lta, not ${mode}`);
const P = pki();
const revokedAt = new Date("2026-06-01T00:00:00Z");
const thisUpdate = new Date("2026-06-02T00:00:00Z");
const nextUpdate = new Date("2027-06-02T00:00:00Z");
const rootCrl = (revoked: boolean) =>
  createCrl({ issuer: P.tokenRoot, thisUpdate, nextUpdate, revoked: revoked ? [{ serial: serialBytes(P.tokenCa), at: revokedAt, reason: 1 }] : [], number: 7 });
// signer, hold: the root's CRL not listing the CA (so the path has its data) and the CA's CRL listing the token
// signer, revoked (keyCompromise) or on hold (certificateHold).
const crls =
  mode === "signer" || mode === "hold"
    ? [
        rootCrl(false),
        createCrl({
          issuer: P.tokenCa,
          thisUpdate,
          nextUpdate,
          revoked: [{ serial: serialBytes(P.tokenSigner), at: revokedAt, reason: mode === "hold" ? 6 : 1 }],
          number: 7,
        }),
      ]
    : [rootCrl(mode !== "honest")];
const base = sample(mode === "lta" ? "lta/archive.pdf" : "valid/archive.pdf");
const file = save(work(`j1c-${mode}`), "archive.pdf", withDss(base, { crls }));
console.log(
  `wrote ${file}: samples/${mode === "lta" ? "lta" : "valid"}/archive.pdf + a DSS revision with ${{ attack: "the token root's CRL listing the token CA", lta: "the token root's CRL listing the token CA", honest: "the token root's CRL listing nothing", signer: "the token CA's CRL listing the token-signing certificate", hold: "the token CA's CRL listing the token-signing certificate" }[mode]}${mode === "honest" ? "" : mode === "hold" ? ` on hold since ${revokedAt.toISOString()} (certificateHold)` : ` revoked at ${revokedAt.toISOString()} (keyCompromise)`}`,
);
// The sample anchors but the token CA, which is given as an untrusted certificate: the token root anchors the path.
const trust = work("j1c-trust");
for (const a of ["seal-root.pem", "token-root.pem", "tsa-root.pem"]) copyFileSync(join("samples/trust", a), join(trust, a));
const r = spawnSync(
  "node",
  ["dist/cli/main.js", "verify", file, "samples/valid/originals", "--trust", trust, "--certs", "samples/trust/token-issuing-ca.pem", "--json"],
  { encoding: "utf8", maxBuffer: 64 << 20 },
);
const report = JSON.parse(r.stdout) as Verdict["report"] & { indication: string; subIndication: string | null };
const v: Verdict = { indication: report.indication, subIndication: report.subIndication, exit: r.status ?? -1, report };
show(mode, v);
for (const c of v.report.checks)
  if (c.status === "passed" && ["token-certificate", "ocsp-status"].includes(c.id)) console.log(`   ${c.id}: ${c.status}: ${c.message.slice(0, 260)}`);
console.log("== EU DSS: does not judge the Workflow token (an attachment); see the README for the seal-side rule.");
