// Bytes that arrive as a Node Buffer inside a larger ArrayBuffer (what zlib's inflate and fs give: a DSS
// stream's OCSP response or CRL) verify as a copy of the same bytes does. Buffer.slice is a view, so
// `slice(...).buffer` was the whole inflate output: every DSS OCSP response and CRL decoded by parts failed
// its signature (found by `augment`, whose DSS holds the token's OCSP response).
import { describe, expect, it } from "vitest";
import { createCrl, createOcspResponse } from "../../scripts/generator/index.js";
import { decodeCrl, judgeCrl } from "../../src/pki/crl.js";
import { decodeOcsp, judgeOcsp } from "../../src/pki/ocsp.js";
import { pkiSession } from "../../src/pki/session.js";
import { testPki } from "../helpers/fixtures.js";

/** `der` as a Buffer at offset 0 of a larger buffer whose other bytes are not zero. */
function inPool(der: Uint8Array): Buffer {
  const pool = Buffer.alloc(der.length + 4096, 0x5a);
  pool.set(der, 0);
  return pool.subarray(0, der.length);
}

describe("DER inside a larger buffer", () => {
  const pki = testPki();
  it("an OCSP response's signature verifies", async () => {
    const der = createOcspResponse({ subject: pki.tokenSigner, issuer: pki.tokenCa, responder: pki.ocspResponder });
    for (const bytes of [Uint8Array.from(der), inPool(der)]) {
      const session = pkiSession();
      const r = await judgeOcsp({
        session,
        decoded: decodeOcsp(bytes, session),
        target: pki.tokenSigner.cert,
        issuer: pki.tokenCa.cert,
        pool: [],
        sealingTime: new Date("2025-12-08T08:36:35Z"),
        freshnessWindowSeconds: 300,
        clockSkewSeconds: 300,
        responderRevocation: async () => "no revocation data for it",
      });
      expect(r.signature.status, r.signature.message).toBe("passed");
    }
  });

  it("a CRL's signature verifies", async () => {
    const der = createCrl({ issuer: pki.sealRoot });
    for (const bytes of [Uint8Array.from(der), inPool(der)]) {
      const session = pkiSession();
      const j = await judgeCrl(session, decodeCrl(bytes, session), pki.seal.cert, pki.sealRoot.cert, new Date("2025-12-08T08:36:38Z"), 300);
      expect(j.status, j.message).toBe("passed");
    }
  });
});
