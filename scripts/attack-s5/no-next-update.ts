// N1: an OCSP "good" without nextUpdate speaks for every later time. `speaksFor` (src/pki/revocation.ts) lets a
// "not revoked" speak for a time when it was issued after it, when its nextUpdate has not passed, or when it has
// no nextUpdate at all (`next === null`). RFC 6960 §4.2.2.1 says the opposite: without nextUpdate "newer revocation
// information is available all the time", so the answer is current at its thisUpdate and no later. F1's
// `laterGood` (be4e5c9) takes any DSS item for which speaksFor holds as "not revoked at the sealing time", so the
// broker's 7-day window (the CMS rule) is bypassed through the DSS; I1's `pathStatusAt` (a8a7ae7) asks the same
// speaksFor (no issuedAfter) for every CA on a path, and R1's responder rule for delegated responders.
// seal: the seal key is stolen; the CA revokes the seal certificate at 2025-12-08 08:06 (keyCompromise); the thief
// seals at 08:36 (genuine TSA), nothing in the CMS, and adds to a DSS the CA's genuine OCSP "good" of 2025-11-01
// (fetched a month before, when the key was sound), signed by the CA, with no nextUpdate as real-time responders
// write it. ca: attack36 I1's scenario (the seal path Nets → "NETS AS Intermediate CA" → a root; the CA's key
// stolen, the root revokes the CA on 2025-12-02; the thief issues a seal certificate and its "good" with the CA
// key and seals on 2025-12-08); the DSS holds the root's genuine OCSP "good" about the CA of 2025-06-01, no
// nextUpdate, instead of the root's CRL.
//   npx tsx scripts/attack-s5/no-next-update.ts [seal|honest|ca|ca-honest]
// seal: main TOTAL-PASSED, "the OCSP of 2025-11-01 (added in a DSS) is current at it". honest: the same answer with
// nextUpdate (three days later, the generator's default): INDETERMINATE / TRY_LATER. ca: TOTAL-PASSED. ca-honest:
// the root's answer with nextUpdate: INDETERMINATE / TRY_LATER (I1: no acceptable data for the CA). DSS=1 adds EU
// DSS (now for seal/honest; 2025-12-09 for ca/ca-honest, as attack36's ca-revoked.ts).
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildArchive } from "../generator/archive.js";
import { OIDS } from "../generator/der.js";
import { spkiDer } from "../generator/keys.js";
import { createOcspResponse } from "../generator/ocsp.js";
import { extensions, issueCertificate, issued, serialFor, type TestPki } from "../generator/pki.js";
import { TIMELINE } from "../generator/timeline.js";
import { ROOT, dss, pki, save, show, verify, withDss, work, type Verdict } from "../attack36/lib.js";

const mode = process.argv[2] ?? "seal";
if (!["seal", "honest", "ca", "ca-honest"].includes(mode)) throw new Error(`mode: seal|honest|ca|ca-honest, not ${mode}`);
const P = pki();
const dir = work("n1");
const noNext = mode === "seal" || mode === "ca" ? { nextUpdate: null } : {};

if (mode === "seal" || mode === "honest") {
  const fetched = new Date("2025-11-01T10:00:00Z");
  const old = createOcspResponse({ subject: P.seal, issuer: P.sealRoot, responder: P.sealRoot, producedAt: fetched, thisUpdate: fetched, ...noNext });
  const sealed = (await buildArchive(P, { seal: { revocation: { crls: [], ocsps: [] } } })).pdf;
  const file = save(dir, "archive.pdf", withDss(sealed, { ocsps: [old] }));
  console.log(
    `wrote ${file}: seal revoked (keyCompromise) 2025-12-08T08:06:38Z per its CA, sealed ${TIMELINE.timestampAt.toISOString()}, no revocation data in the CMS; DSS: the CA's OCSP "good" of ${fetched.toISOString()} ${mode === "seal" ? "without nextUpdate" : "with nextUpdate three days later"}`,
  );
  show(mode, verify(file));
  dss(file);
} else {
  // attack36 I1's hierarchy: a root above "NETS AS Intermediate CA" (the sample seal CA's key), the root the only seal anchor.
  const rootKey = P.foreignRoot.key;
  const root = issued(
    "sealRoot",
    issueCertificate({
      subject: [
        [OIDS.country, "DK"],
        [OIDS.organization, "Nets A/S"],
        [OIDS.commonName, "Sealcheck Test Nets Root"],
      ],
      subjectKey: rootKey,
      notBefore: new Date("2020-01-01T00:00:00Z"),
      notAfter: new Date("2125-01-01T00:00:00Z"),
      serial: serialFor("attack36-i1-root"),
      extensions: [extensions.basicConstraints(true), extensions.keyUsage("keyCertSign", "cRLSign"), extensions.subjectKeyIdentifier(spkiDer(rootKey))],
    }),
    rootKey,
  );
  const ca = issued(
    "sealRoot",
    issueCertificate({
      subject: [
        [OIDS.country, "DK"],
        [OIDS.organization, "Nets A/S"],
        [OIDS.commonName, "NETS AS Intermediate CA"],
      ],
      subjectKey: P.sealRoot.key,
      issuer: root,
      notBefore: new Date("2020-01-01T00:00:00Z"),
      notAfter: new Date("2125-01-01T00:00:00Z"),
      serial: serialFor("attack36-i1-ca"),
      extensions: [
        extensions.basicConstraints(true, 0),
        extensions.keyUsage("keyCertSign", "cRLSign"),
        extensions.subjectKeyIdentifier(spkiDer(P.sealRoot.key)),
        extensions.authorityKeyIdentifier(spkiDer(rootKey)),
      ],
    }),
    P.sealRoot.key,
  );
  const pkiI: TestPki = { ...P, sealRoot: ca };
  const fetched = new Date("2025-06-01T00:00:00Z");
  const aboutCa = createOcspResponse({ subject: ca, issuer: root, responder: root, producedAt: fetched, thisUpdate: fetched, ...noNext });
  const sealed = (await buildArchive(pkiI)).pdf;
  const file = save(dir, "archive.pdf", withDss(sealed, { certs: [ca.der, root.der], ocsps: [aboutCa] }));
  const trust = join(dir, "trust");
  mkdirSync(trust);
  for (const [i, c] of [root, P.tsaRoot, P.tokenCa, P.tokenRoot].entries()) writeFileSync(join(trust, `${i}.pem`), c.pem);
  console.log(
    `wrote ${file}: seal path Nets → "NETS AS Intermediate CA" (revoked by its root 2025-12-02, keyCompromise) → "Sealcheck Test Nets Root" (the only seal anchor, in ${trust}); DSS: the root's OCSP "good" about the CA of ${fetched.toISOString()} ${mode === "ca" ? "without nextUpdate" : "with nextUpdate three days later"}`,
  );
  const at = "2025-12-09T00:00:00Z";
  const r = spawnSync("node", ["dist/cli/main.js", "verify", file, "samples/valid/originals", "--trust", trust, "--json", "--at", at], {
    encoding: "utf8",
    cwd: ROOT,
  });
  const report = JSON.parse(r.stdout) as Verdict["report"] & { indication: string; subIndication: string | null };
  show(mode, { indication: report.indication, subIndication: report.subIndication, exit: r.status ?? -1, report });
  if (process.env.DSS === "1") {
    const d = spawnSync(join(ROOT, "..", "shared", "tools", "dss", "dss-validate"), ["--trust", trust, "--time", at, file], { encoding: "utf8" });
    for (const line of d.stdout.split("\n").filter(Boolean)) {
      const j = JSON.parse(line) as { signatures?: { indication: string; subIndication: string | null; format: string; errors?: string[] }[] };
      for (const s of j.signatures ?? [])
        console.log(`== EU DSS at ${at}: ${s.indication}${s.subIndication ? ` / ${s.subIndication}` : ""} (${s.format}) ${(s.errors ?? []).join(" ")}`);
    }
  }
}
