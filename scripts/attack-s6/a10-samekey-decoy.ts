// a10: a decoy with the seal's issuer, serial AND public key (so its key verifies the seal's signature value), the
// seal certificate's own TBS signed by another key; first in the seal CMS's certificate set. ESS names the genuine one.
import { generateRsaKey } from "../generator/keys.js";
import { decodeSignedData, findSignerCertificate } from "../../src/pki/cms.js";
import { certificateDer } from "../../src/pki/certificate.js";
import { pkiSession } from "../../src/pki/session.js";
import { encode } from "../generator/der.js";
import { sample, save, sealGap, show, tool, verify, withSealContents, work } from "../attack36/lib.js";
import { reissuedBy, withCmsCertificates } from "./lib.js";
const base = sample("valid/archive.pdf");
const { der } = sealGap(base);
const cms = decodeSignedData(der, "the seal", pkiSession(), true);
const seal = findSignerCertificate(cms.signedData.signerInfos[0]!, cms.certificates)!;
const decoy = reissuedBy(certificateDer(seal), encode(seal.issuer.toSchema()), generateRsaKey(2048));
const file = save(work("a10-samekey"), "archive.pdf", withSealContents(base, withCmsCertificates(der, [decoy])));
show("samekey-first", verify(file));
console.log(
  "== pdfsig:",
  tool("pdfsig", [file])
    .split("\n")
    .filter((l) => /Signature Validation|Certificate Validation/i.test(l))
    .join(" | "),
);
