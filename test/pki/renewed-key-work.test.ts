// A CRL under the CA's name that the CA's key does not verify is tried with its renewed keys (s6 edge d). Every key
// of a certificate of the CA's name was tried on each such CRL's signature before its path was judged: certificates
// of that name are anyone's to add, so j junk CRLs and k junk certificates cost j x k signature checks. The paths are
// judged first now (path building from the anchors down checks no signature with a key anyone made, and a
// certificate with no path is remembered for the hook's life): those keys are never tried.
import { describe, expect, it } from "vitest";
import { createCrl, extensions, generateEcKey, issueCertificate, issued } from "../../scripts/generator/index.js";
import { pkiSession } from "../../src/pki/session.js";
import { readRevocation, renewedKeyTrust } from "../../src/pki/revocation.js";
import { testPki } from "../helpers/fixtures.js";
import { serialFor } from "../../scripts/generator/index.js";

const P = testPki();
const caName = P.sealRoot.cert.subject.typesAndValues.map((t) => [t.type, t.value.valueBlock.value] as [string, string]);
const span = { notBefore: new Date("2020-01-01T00:00:00Z"), notAfter: new Date("2125-01-01T00:00:00Z") };

describe("renewed-key CRLs: certificates of the CA's name anyone adds cost no signature check", () => {
  it("20 junk CRLs of the CA's name and 20 certificates of its name with keys of their own: one check per CRL, a few per certificate (was 20 x 21)", async () => {
    const session = pkiSession();
    const engine = session.engine;
    const verify = engine.verifyWithPublicKey.bind(engine);
    let checks = 0;
    engine.verifyWithPublicKey = (...args) => {
      checks++;
      return verify(...args);
    };
    const own = Array.from({ length: 20 }, (_, i) => {
      const key = generateEcKey();
      return issued(
        "sealRoot",
        issueCertificate({
          subject: caName,
          subjectKey: key,
          ...span,
          serial: serialFor(`renewed-work-${i}`),
          extensions: [extensions.basicConstraints(true)],
        }),
        key,
      );
    });
    const forger = issued("sealRoot", P.sealRoot.der, generateEcKey()); // the CA's name, a key of no certificate
    const crls = Array.from({ length: 20 }, (_, i) =>
      createCrl({
        issuer: forger,
        number: 100 + i,
        thisUpdate: new Date("2026-01-10T00:00:00Z"),
        nextUpdate: new Date("2026-01-17T00:00:00Z"),
        revoked: [{ serial: new Uint8Array(P.seal.cert.serialNumber.valueBlock.valueHexView), at: new Date("2025-12-08T08:00:00Z") }],
      }),
    );
    const pool = [P.sealRoot.cert, ...own.map((c) => c.cert)];
    const renewed = renewedKeyTrust(session, P.sealRoot.cert, { anchors: [P.sealRoot.cert], intermediates: pool })!;
    for (const der of crls) {
      const r = await readRevocation(session, { kind: "crl", der }, P.seal.cert, P.sealRoot.cert, pool, 60, undefined, { renewed });
      expect(r.statement).toBeNull(); // not the CA's statement
      expect(r.unverified).toBeUndefined();
    }
    // One per CRL (the CA's key) and a few per certificate, once for all CRLs (its own path: an anchor's check,
    // the engine's self-signature and uncheckedLink's): 20 + 3 x 20, never per CRL and certificate.
    expect(checks).toBeLessThanOrEqual(20 + 3 * 20);
  }, 60_000);
});
