// S4: one certificate anyone can make stops the seal's path from being built. pkijs's path building
// (CertificateChainValidationEngine, `buildPath` in node_modules/pkijs), which src/pki/chain.ts runs, throws "No valid
// certificate paths found" as soon as *one* candidate issuer has no issuer of its own, instead of dropping that
// branch: the other candidate (the genuine CA, a --trust anchor) is never reached. The candidate: the seal CA's own
// certificate with its issuer name replaced and re-signed with a key of one's own (same subject, same public key,
// same key identifier), so that it verifies the seal certificate. It goes in the seal CMS's certificate set, which no
// signature covers (/Contents lies outside the /ByteRange): no key, no byte of the sealed revision changed.
//   npx tsx scripts/attack-s6/path-deadend.ts [sample|dss|lta|real|real-dss|honest|real-honest]
// lta: the dss mode on samples/lta/archive.pdf (B-LTA: the new revision after its archive timestamp).
// sample: samples/valid/archive.pdf (now). real: the broker's real archive (test/fixtures/real/broker-example, --at
// its sealing time 2025-12-08T09:35:10Z, its own trust directory). dss, real-dss: the same certificate in an appended
// DSS revision instead (LTV-only, as augment writes one; anyone may append it). honest, real-honest: the same
// rewrite of /Contents with nothing added. DSS=1 adds EU DSS.
import { readFileSync } from "node:fs";
import { generateRsaKey } from "../generator/keys.js";
import { encode } from "../generator/der.js";
import { decodeSignedData, findSignerCertificate } from "../../src/pki/cms.js";
import { certificateDer, sameName } from "../../src/pki/certificate.js";
import { pkiSession } from "../../src/pki/session.js";
import { dss, pki, sample, save, sealGap, show, tool, verify, withDss, withSealContents, work } from "../attack36/lib.js";
import { reissuedBy, withCmsCertificates } from "./lib.js";

const mode = process.argv[2] ?? "sample";
if (!["sample", "dss", "lta", "real", "real-dss", "honest", "real-honest"].includes(mode))
  throw new Error(`mode: sample|dss|lta|real|real-dss|honest|real-honest, not ${mode}`);
const real = mode.startsWith("real");
const REAL = "test/fixtures/real/broker-example";
const P = pki();
const base = real ? new Uint8Array(readFileSync(`${REAL}/archive.pdf`)) : sample(mode === "lta" ? "lta/archive.pdf" : "valid/archive.pdf");
const { der } = sealGap(base);
const cms = decodeSignedData(der, "the seal", pkiSession(), true);
const seal = findSignerCertificate(cms.signedData.signerInfos[0]!, cms.certificates)!;
// The seal's CA as the evidence or the trust directory holds it.
const ca = real ? cms.certificates.find((c) => c !== seal && sameName(c.subject, seal.issuer))! : P.sealRoot.cert;
const deadEnd = reissuedBy(certificateDer(ca), encode(P.foreignRoot.cert.subject.toSchema()), generateRsaKey(2048));
const out =
  mode.endsWith("dss") || mode === "lta"
    ? withDss(base, { certs: [deadEnd] })
    : withSealContents(base, withCmsCertificates(der, mode.endsWith("honest") ? [] : [deadEnd], true));
const file = save(work(`s6-s4-${mode}`), "archive.pdf", out);
console.log(
  `wrote ${file} (${mode}): ${real ? "the broker's real archive" : mode === "lta" ? "samples/lta/archive.pdf" : "samples/valid/archive.pdf"}, ${mode.endsWith("dss") || mode === "lta" ? "plus one LTV-only revision whose DSS lists" : "the seal's /Contents rewritten"}${mode.endsWith("honest") ? "" : `${mode.endsWith("dss") || mode === "lta" ? "" : "; its CMS also carries"} "${ca.subject.typesAndValues.map((t) => t.value.valueBlock.value).join(", ")}" re-issued by "Untrusted Test Root CA" (the CA's own key, another signer), last`}`,
);
const at = "2025-12-08T09:35:10Z";
show(mode, real ? verify(file, ["--at", at], "", `${REAL}/trust`) : verify(file));
console.log(
  "== pdfsig:",
  tool("pdfsig", [file])
    .split("\n")
    .filter((l) => /Signature Validation|Certificate Validation/i.test(l))
    .join(" | "),
);
dss(file, real ? at : undefined, real ? `${REAL}/trust` : undefined);
