// findIssuers is pkijs's defaultFindIssuer with byte-first name comparison: over the whole test PKI (its
// roots, CAs, leaves, foreign and unauthorised look-alikes), it finds exactly the issuers pkijs finds.
import { readdirSync, readFileSync } from "node:fs";
import * as pkijs from "pkijs";
import { describe, expect, it } from "vitest";
import { certificateDer, certificateFromPem } from "../../src/pki/certificate.js";
import { findIssuers } from "../../src/pki/chain.js";
import { pkiSession } from "../../src/pki/session.js";

const S = pkiSession();

const certs = readdirSync("samples/pki")
  .filter((f) => f.endsWith(".pem") && !f.endsWith(".key.pem"))
  .map((f) => ({ name: f.replace(/\.pem$/, ""), cert: certificateFromPem(readFileSync(`samples/pki/${f}`, "utf8"), "PEM certificate", S) }));
const hex = (c: pkijs.Certificate): string => Buffer.from(certificateDer(c)).toString("hex");

describe("findIssuers", () => {
  it("finds what pkijs's defaultFindIssuer finds, for every certificate of the test PKI", async () => {
    expect(certs.length).toBeGreaterThan(10);
    const engine = new pkijs.CertificateChainValidationEngine({ trustedCerts: certs.slice(0, 5).map((c) => c.cert), certs: certs.slice(5).map((c) => c.cert) });
    let found = 0;
    for (const { name, cert } of certs) {
      const ours = (await findIssuers(S, cert, engine)).map(hex).sort();
      const theirs = (await engine.defaultFindIssuer(cert, engine, S.engine)).map(hex).sort();
      expect(ours, name).toEqual(theirs);
      found += ours.length;
    }
    expect(found).toBeGreaterThanOrEqual(certs.length - 2); // nearly every one has its issuer in the set
  });
});
