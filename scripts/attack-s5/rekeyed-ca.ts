// U1b: a CA that re-keyed is "not the CA's statement". U1 (fb4f99a) ignores, with a warning, a CRL under the seal
// CA's name whose signature does not verify with the key of the certificate that issued the seal
// (`crlSignedBy(crl, issuer)`, issuer = the seal's path[1]). RFC 5280 §6.3.3 (f) and §5.2.1 expect the other
// case too: a CA renews its key, keeps its name, and signs its CRLs with the new key, certified by the same root
// (the CRL's AKI names the new key). The new CRL is the CA's statement about every certificate it issued with the
// old key, and the only one there is after the renewal. Read as U1 reads it, a CA's key renewal turns its
// "revoked" into a warning beside TOTAL-PASSED.
// Scenario (I1's hierarchy, the root the only seal anchor): the seal is issued by "NETS AS Intermediate CA"
// (key 1); the seal key is stolen; the CA revokes the seal at 08:06 on 2025-12-08 (keyCompromise); the thief
// seals at 08:36 with the CA's "good" of 07:36 in the CMS. On 2025-12-09 the CA renews its key (key 2, a new
// certificate from the root, same name); its CRL of 2025-12-10, signed with key 2, lists the seal. The archivist
// adds that CRL, both CA certificates and the root's CRL (the CA not revoked) to a DSS.
//   npx tsx scripts/attack-s5/rekeyed-ca.ts [attack|honest]
// attack: the CRL signed with key 2: main TOTAL-PASSED, seal-certificate a warning "Not the CA's statement, so
// ignored". honest: the same CRL signed with key 1: TOTAL-FAILED / REVOKED. Verified --at 2025-12-10T12:00:00Z;
// DSS=1 adds EU DSS at that time.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildArchive } from "../generator/archive.js";
import { OIDS } from "../generator/der.js";
import { generateRsaKey, spkiDer } from "../generator/keys.js";
import { createCrl, createOcspResponse } from "../generator/ocsp.js";
import { extensions, issueCertificate, issued, serialBytes, serialFor, type Issued, type TestPki } from "../generator/pki.js";
import { TIMELINE } from "../generator/timeline.js";
import { ROOT, pki, save, show, work, withDss, type Verdict } from "../attack36/lib.js";
import type { KeyObject } from "node:crypto";

const mode = process.argv[2] ?? "attack";
if (!["attack", "honest"].includes(mode)) throw new Error(`mode: attack|honest, not ${mode}`);
const P = pki();
const dir = work("u1b");
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
const caCert = (key: KeyObject, serial: string, notBefore: Date): Issued =>
  issued(
    "sealRoot",
    issueCertificate({
      subject: [
        [OIDS.country, "DK"],
        [OIDS.organization, "Nets A/S"],
        [OIDS.commonName, "NETS AS Intermediate CA"],
      ],
      subjectKey: key,
      issuer: root,
      notBefore,
      notAfter: new Date("2125-01-01T00:00:00Z"),
      serial: serialFor(serial),
      extensions: [
        extensions.basicConstraints(true, 0),
        extensions.keyUsage("keyCertSign", "cRLSign"),
        extensions.subjectKeyIdentifier(spkiDer(key)),
        extensions.authorityKeyIdentifier(spkiDer(rootKey)),
      ],
    }),
    key,
  );
const ca1 = caCert(P.sealRoot.key, "attack36-i1-ca", new Date("2020-01-01T00:00:00Z"));
const ca2 = caCert(generateRsaKey(2048), "attack-s5-u1b-ca-key-2", new Date("2025-12-09T00:00:00Z"));
const pkiI: TestPki = { ...P, sealRoot: ca1 };
const sealing = TIMELINE.timestampAt;
const compromise = new Date(sealing.getTime() - 30 * 60_000);
const cmsGood = createOcspResponse({ subject: P.seal, issuer: ca1, responder: ca1, producedAt: new Date(sealing.getTime() - 3600_000) });
const sealed = (await buildArchive(pkiI, { seal: { revocation: { crls: [], ocsps: [cmsGood] } } })).pdf;
const caCrl = createCrl({
  issuer: mode === "attack" ? ca2 : ca1,
  number: 43,
  thisUpdate: new Date("2025-12-10T08:00:00Z"),
  nextUpdate: new Date("2025-12-17T08:00:00Z"),
  revoked: [{ serial: serialBytes(P.seal), at: compromise }],
});
const rootCrl = createCrl({ issuer: root, number: 7, thisUpdate: new Date("2025-12-05T00:00:00Z"), nextUpdate: new Date("2026-01-05T00:00:00Z") });
const file = save(dir, "archive.pdf", withDss(sealed, { certs: [ca1.der, ca2.der, root.der], crls: [caCrl, rootCrl] }));
const trust = join(dir, "trust");
mkdirSync(trust);
for (const [i, c] of [root, P.tsaRoot, P.tokenCa, P.tokenRoot].entries()) writeFileSync(join(trust, `${i}.pem`), c.pem);
console.log(
  `wrote ${file}: seal by "NETS AS Intermediate CA" (key 1) under "Sealcheck Test Nets Root" (the only seal anchor, ${trust}), revoked ${compromise.toISOString()} (keyCompromise), sealed ${sealing.toISOString()} with the CA's "good" of 07:36 in the CMS; DSS: both CA certificates (key 2 from 2025-12-09), the root's CRL, and the CA's CRL of 2025-12-10 listing the seal, signed with key ${mode === "attack" ? 2 : 1}`,
);
const at = "2025-12-10T12:00:00Z";
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
