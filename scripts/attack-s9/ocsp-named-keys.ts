// h7a's D2b fix (17fcd0a: the run's OCSP budget of 4,096 authorised checks, "a junk response costs one check per
// authorised key its responder id names, two at most in a real PKI") with U1f's certificates: M certificates of the
// seal CA's name (keys of anyone's, as renewed-key-sabotage.ts) and N OCSP responses "revoked" about the seal whose
// responder id names the CA by name, signed by anyone's key. Does each response cost M checks?
//   npx tsx scripts/attack-s9/ocsp-named-keys.ts [attack|honest] [M] [N]
// attack: samples/valid/archive.pdf plus one DSS revision with the M certificates and N responses (M + N <= 1,000).
// honest: the N responses alone (M = 0). DSS=1 adds EU DSS.
import { generateRsaKey } from "../generator/keys.js";
import { createOcspResponse } from "../generator/ocsp.js";
import { extensions, issueCertificate, serialFor } from "../generator/pki.js";
import { dss, pki, sample, save, show, verify, withDss, work } from "../attack36/lib.js";

const mode = process.argv[2] ?? "attack";
if (!["attack", "honest"].includes(mode)) throw new Error(`mode: attack|honest, not ${mode}`);
const m = mode === "honest" ? 0 : Number(process.argv[3] ?? 300);
const n = Number(process.argv[4] ?? 600);
const P = pki();
const key = generateRsaKey(2048);
const anyone = { ...P.sealRoot, key }; // the CA's name and certificate, anyone's key
const caName = P.sealRoot.cert.subject.typesAndValues.map((t) => [t.type, t.value.valueBlock.value] as [string, string]);
const certs = Array.from({ length: m }, (_, i) =>
  issueCertificate({
    subject: caName,
    subjectKey: generateRsaKey(2048),
    notBefore: new Date("2020-01-01T00:00:00Z"),
    notAfter: new Date("2125-01-01T00:00:00Z"),
    serial: serialFor(`a13-named-${i}`),
    extensions: [extensions.basicConstraints(true), extensions.keyUsage("keyCertSign", "cRLSign")],
  }),
);
const ocsps = Array.from({ length: n }, (_, i) =>
  createOcspResponse({
    subject: P.seal,
    issuer: P.sealRoot,
    responder: anyone,
    responderId: "byName",
    certs: [],
    archiveCutoff: null,
    nextUpdate: null,
    status: { revokedAt: new Date("2025-12-08T08:00:00Z"), reason: 1 },
    producedAt: new Date(Date.parse("2026-01-01T00:00:00Z") + i * 1000),
  }),
);
const file = save(work(`s9-ocsp-named-${mode}-${m}-${n}`), "archive.pdf", withDss(sample("valid/archive.pdf"), { certs, ocsps }));
console.log(`wrote ${file}: ${m} certificates of the CA's name, ${n} junk OCSP responses by the CA's name`);
const t0 = Date.now();
const v = verify(file);
console.log(`== verify took ${((Date.now() - t0) / 1000).toFixed(1)} s`);
show(`${mode} ${m} ${n}`, v);
dss(file);
