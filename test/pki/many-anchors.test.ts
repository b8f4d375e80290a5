// A trust store of many anchors (the services of several trusted lists): pkijs's engine compares every pair of
// the certificates it is given, so only the anchors that could issue a certificate of the path go to it
// (relevantAnchors). Which anchors those are must follow findIssuers: by the issuer's name as sameName matches
// it, or by key identifier.
import { describe, expect, it } from "vitest";
import { loadCertificates } from "../../src/pki/trust-store.js";
import { relevantAnchors, validateChain } from "../../src/pki/chain.js";
import { formatName } from "../../src/pki/certificate.js";
import { pkiSession } from "../../src/pki/session.js";
import { verifyArchive } from "../../src/verify/archive.js";

const certs = (...files: string[]) => loadCertificates(files, "test");
const ALL = certs("samples/pki", "samples/trust", "test/fixtures/real/broker-example/trust", "test/fixtures/tl");
const names = (cs: readonly { subject: Parameters<typeof formatName>[0] }[]) => cs.map((c) => formatName(c.subject)).sort();

describe("many anchors", () => {
  it("only the anchors that could issue a certificate of the path, by name or key identifier; a few are passed as given", () => {
    expect(ALL.length).toBeGreaterThan(8);
    const [seal] = certs("samples/pki/seal.pem");
    const [tsa] = certs("samples/pki/tsa.pem");
    const chosen = relevantAnchors(ALL, [seal!]);
    expect(chosen.length).toBeLessThan(ALL.length);
    expect(names(chosen)).toContain(formatName(seal!.issuer));
    expect(names(chosen)).not.toContain(formatName(tsa!.issuer));
    // Every anchor that names the seal's issuer is kept, whichever file it came from.
    expect(chosen.every((a) => formatName(a.subject) === formatName(seal!.issuer))).toBe(true);
    expect(relevantAnchors(ALL.slice(0, 8), [seal!])).toHaveLength(8);
    expect(relevantAnchors(ALL, [seal!, tsa!]).length).toBeGreaterThan(chosen.length);
  });

  it("paths built among all the samples' certificates as anchors end where they end with the four of samples/trust", async () => {
    const session = pkiSession();
    for (const leaf of ["seal", "tsa", "tokenSigner"]) {
      const [cert] = certs(`samples/pki/${leaf}.pem`);
      const at = new Date("2025-12-08T08:36:38Z");
      const few = await validateChain(cert!, { anchors: certs("samples/trust"), intermediates: [], at, session });
      // Every other certificate as an anchor: more than the engine is given as they are.
      const others = ALL.filter((a) => formatName(a.subject) !== formatName(cert!.subject));
      expect(others.length).toBeGreaterThan(8);
      const many = await validateChain(cert!, { anchors: others, intermediates: [], at, session });
      expect([many.status, names(many.path)], leaf).toEqual([few.status, names(few.path)]);
      expect(few.status, leaf).toBe("valid");
    }
    const r = await verifyArchive({ evidence: "samples/valid/archive.pdf", originals: ["samples/valid/originals"], trust: ["samples/pki", "samples/trust"] });
    expect(r.indication).toBe("TOTAL-PASSED");
  });
});
