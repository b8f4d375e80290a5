// attack-s6 U1d's class in path building: validateChain gave pkijs's engine the first 200 certificates of its
// pool, in the order given ([trust intermediates, the CMS's certificates, the DSS's]), and the CMS's and DSS's
// certificate sets are anyone's to add to. Candidates are now chosen by what is verified (a certificate's issuer
// by name and key identifier, kept only when its key verifies the certificate, and only when an anchor is reached
// from it), so junk can neither push a genuine intermediate out nor lead the engine into a dead end (a8's S4);
// a search over its budget says "not decided", never "there is no path".
import { describe, expect, it } from "vitest";
import type * as pkijs from "pkijs";
import { OIDS } from "../../scripts/generator/der.js";
import { generateEcKey, spkiDer } from "../../scripts/generator/keys.js";
import { extensions, issueCertificate, issued, serialFor, type Issued } from "../../scripts/generator/pki.js";
import { validateChain } from "../../src/pki/chain.js";
import { pkiSession } from "../../src/pki/session.js";

const S = pkiSession();
const AT = new Date("2026-01-01T00:00:00Z");
const name = (cn: string): [string, string][] => [
  [OIDS.country, "DK"],
  [OIDS.organization, "Chain Test"],
  [OIDS.commonName, cn],
];
const issue = (cn: string, key: Issued["key"], by: Issued | null, ca: boolean, serial: string): Issued => {
  const der = issueCertificate({
    subject: name(cn),
    subjectKey: key,
    ...(by ? { issuer: by } : {}),
    notBefore: new Date("2020-01-01T00:00:00Z"),
    notAfter: new Date("2100-01-01T00:00:00Z"),
    serial: serialFor(serial),
    extensions: [
      extensions.basicConstraints(ca),
      extensions.keyUsage(...(ca ? (["keyCertSign", "cRLSign"] as const) : (["digitalSignature"] as const))),
      extensions.subjectKeyIdentifier(spkiDer(key)),
      ...(by ? [extensions.authorityKeyIdentifier(spkiDer(by.key))] : []),
    ],
  });
  return issued("sealRoot", der, key);
};
const cert = (i: Issued): pkijs.Certificate => i.cert;

const rootKey = generateEcKey();
const root = issue("Root", rootKey, null, true, "chain-root");
const caKey = generateEcKey();
const ca = issue("Issuing CA", caKey, root, true, "chain-ca");
const leaf = issue("Leaf", generateEcKey(), ca, false, "chain-leaf");
const junkKey = generateEcKey();

describe("validateChain: candidates by what is verified", () => {
  it("200 unrelated certificates before the issuing CA no longer push it out (was: no path)", async () => {
    const junk = Array.from({ length: 200 }, (_, i) => cert(issue(`Junk ${i}`, junkKey, null, true, `chain-junk-${i}`)));
    const r = await validateChain(cert(leaf), { anchors: [cert(root)], intermediates: [...junk, cert(ca)], at: AT, session: S });
    expect(r.status).toBe("valid");
    expect(r.path.length).toBe(3);
  });

  it("200 self-signed certificates with the CA's name (a key of one's own) before it: still valid", async () => {
    const junk = Array.from({ length: 200 }, (_, i) => cert(issue("Issuing CA", junkKey, null, true, `chain-same-${i}`)));
    const r = await validateChain(cert(leaf), { anchors: [cert(root)], intermediates: [...junk, cert(ca)], at: AT, session: S });
    expect(r.status).toBe("valid");
  });

  it("the CA's key re-certified by another (a dead end, a8's S4) first: the genuine path is still found", async () => {
    const other = issue("Someone", junkKey, null, true, "chain-other");
    const copy = issue("Issuing CA", caKey, other, true, "chain-copy");
    const r = await validateChain(cert(leaf), { anchors: [cert(root)], intermediates: [cert(copy), cert(other), cert(ca)], at: AT, session: S });
    expect(r.status).toBe("valid");
    expect(r.path).toEqual([cert(leaf), cert(ca), cert(root)]);
    // The issuing CA itself the anchor (the samples' seal anchor), the copy in the pool (S4's file).
    const s4 = await validateChain(cert(leaf), { anchors: [cert(ca)], intermediates: [cert(copy)], at: AT, session: S });
    expect(s4.status).toBe("valid");
    expect(s4.path).toEqual([cert(leaf), cert(ca)]);
  });

  // The CA's name and its key identifier (anyone can copy both), keys of one's own: each key must be checked.
  const flood = (n: number, keys: () => Issued["key"]) =>
    Array.from({ length: n }, (_, i) => {
      const key = keys();
      const der = issueCertificate({
        subject: name("Issuing CA"),
        subjectKey: key,
        notBefore: new Date("2020-01-01T00:00:00Z"),
        notAfter: new Date("2100-01-01T00:00:00Z"),
        serial: serialFor(`chain-flood-${n}-${i}`),
        extensions: [extensions.basicConstraints(true), extensions.subjectKeyIdentifier(spkiDer(caKey))],
      });
      return cert(issued("sealRoot", der, key));
    });

  it("300 certificates with the CA's name and key identifier, one key of one's own, before it: one check, still valid", async () => {
    const r = await validateChain(cert(leaf), { anchors: [cert(root)], intermediates: [...flood(300, () => junkKey), cert(ca)], at: AT, session: S });
    expect(r.status).toBe("valid");
  }, 60_000);

  it("a11 U1e: 300 of them with 300 keys of one's own before it: within the budget (above what the item limits let anyone write), still valid", async () => {
    const r = await validateChain(cert(leaf), { anchors: [cert(root)], intermediates: [...flood(300, generateEcKey), cert(ca)], at: AT, session: S });
    expect(r.status).toBe("valid");
    expect(r.path).toEqual([cert(leaf), cert(ca), cert(root)]);
  }, 60_000);

  it("a13 U1g: 30 certificates with the CA's name and keys of their own before it: no anchor vouches for their keys, none is checked: valid at a budget of 20", async () => {
    const r = await validateChain(cert(leaf), {
      anchors: [cert(root)],
      intermediates: [...flood(30, generateEcKey), cert(ca)],
      at: AT,
      session: S,
      linkChecks: 20,
    });
    expect(r.status).toBe("valid");
    expect(r.path).toEqual([cert(leaf), cert(ca), cert(root)]);
  }, 60_000);

  // Certificates that claim a verified CA as their issuer must each be checked with its key: past the budget, what
  // is left could still be a link to the leaf (a sub-CA below the CA): not decided, never a plain "no path".
  it("more certificates claiming a verified CA's signature than the budget before the sub-CA: not decided (budgetReached), never a plain 'no path'", async () => {
    const subKey = generateEcKey();
    const sub = issue("Sub CA", subKey, ca, true, "chain-sub");
    const below = issue("Leaf Below", generateEcKey(), sub, false, "chain-leaf-below");
    // The CA's name and key identifier (anyone can copy both), signed with a key of one's own.
    const claims = Array.from({ length: 30 }, (_, i) => {
      const key = generateEcKey();
      const der = issueCertificate({
        subject: name("Sub CA"),
        subjectKey: key,
        issuer: { ...ca, key: junkKey },
        notBefore: new Date("2020-01-01T00:00:00Z"),
        notAfter: new Date("2100-01-01T00:00:00Z"),
        serial: serialFor(`chain-claim-${i}`),
        extensions: [extensions.basicConstraints(true), extensions.authorityKeyIdentifier(spkiDer(caKey))],
      });
      return cert(issued("sealRoot", der, key));
    });
    const r = await validateChain(cert(below), { anchors: [cert(root)], intermediates: [cert(ca), ...claims, cert(sub)], at: AT, session: S, linkChecks: 20 });
    expect(r.status).toBe("no-chain");
    expect(r.budgetReached).toBe(true);
    expect(r.message).toMatch(/not decided: path building stopped at its budget \(more than 20 candidate issuers/);
    // The sub-CA first: the path is found within the budget, the claims left unchecked.
    const ok = await validateChain(cert(below), { anchors: [cert(root)], intermediates: [cert(ca), cert(sub), ...claims], at: AT, session: S, linkChecks: 20 });
    expect(ok.status).toBe("valid");
    expect(ok.path).toEqual([cert(below), cert(sub), cert(ca), cert(root)]);
  }, 60_000);

  it("the budget reached after the CA was verified: the path found is kept (a11 U1e)", async () => {
    const r = await validateChain(cert(leaf), {
      anchors: [cert(root)],
      intermediates: [cert(ca), ...flood(30, generateEcKey)],
      at: AT,
      session: S,
      linkChecks: 20,
    });
    expect(r.status).toBe("valid");
    expect(r.path).toEqual([cert(leaf), cert(ca), cert(root)]);
  }, 60_000);

  it("duplicates of the genuine certificates count once", async () => {
    const copies = Array.from({ length: 300 }, () => cert(ca));
    const r = await validateChain(cert(leaf), { anchors: [cert(root)], intermediates: copies, at: AT, session: S });
    expect(r.status).toBe("valid");
  });
});

// a13 U1g, D2e: the search walked up from the leaf, each certificate walked trying every key of its issuer's name:
// `a` certificates of one name and key under `b` keys of their issuer's name cost a x b checks (60 x 70 = 4,200, past
// the budget: "not decided", any genuine archive INDETERMINATE through a renewed-key CRL), and again for each of `j`
// certificates above them (800: 108 s). From the anchors down, a signature is checked only with a key an anchor
// vouches for: a name no anchor's chain reaches costs no check, whatever it holds.
describe("validateChain: the work is bounded by the keys anchors vouch for (a13 U1g, D2e)", () => {
  const counted = () => {
    const session = pkiSession();
    const engine = session.engine;
    const verify = engine.verifyWithPublicKey.bind(engine);
    const n = { checks: 0 };
    engine.verifyWithPublicKey = (...args) => {
      n.checks++;
      return verify(...args);
    };
    return { session, n };
  };
  const span = { notBefore: new Date("2020-01-01T00:00:00Z"), notAfter: new Date("2100-01-01T00:00:00Z") };
  const kx = generateEcKey();
  const ys = Array.from({ length: 70 }, (_, i) => {
    const key = generateEcKey();
    return issued(
      "sealRoot",
      issueCertificate({ subject: name("Y"), subjectKey: key, ...span, serial: serialFor(`u1g-y-${i}`), extensions: [extensions.basicConstraints(true)] }),
      key,
    );
  });
  const xs = Array.from({ length: 60 }, (_, i) =>
    issued(
      "sealRoot",
      issueCertificate({
        subject: name("X"),
        subjectKey: kx,
        issuer: ys[0]!,
        ...span,
        serial: serialFor(`u1g-x-${i}`),
        extensions: [extensions.basicConstraints(true)],
      }),
      kx,
    ),
  );
  const k = generateEcKey();
  const cs = Array.from({ length: 40 }, (_, i) =>
    cert(
      issued(
        "sealRoot",
        issueCertificate({
          subject: name("Issuing CA"),
          subjectKey: k,
          issuer: xs[0]!,
          ...span,
          serial: serialFor(`u1g-c-${i}`),
          extensions: [extensions.basicConstraints(true)],
        }),
        k,
      ),
    ),
  );
  const pool = [...xs.map(cert), ...ys.map(cert), cert(ca)];

  it("U1g: a certificate above 60 certificates of one name and key under 70 keys (4,200 checks walked up): no path, decided, no signature checked", async () => {
    const { session, n } = counted();
    const r = await validateChain(cs[0]!, { anchors: [cert(root)], intermediates: pool, at: AT, session });
    expect(r.status).toBe("no-chain");
    expect(r.budgetReached).toBeUndefined();
    expect(n.checks).toBe(0);
  }, 120_000);

  it("D2e: 40 such certificates of one key, each validated: no signature checked; the genuine leaf beside them still found with its two links", async () => {
    const { session, n } = counted();
    for (const c of cs) expect((await validateChain(c, { anchors: [cert(root)], intermediates: pool, at: AT, session })).status).toBe("no-chain");
    expect(n.checks).toBe(0);
    const r = await validateChain(cert(leaf), { anchors: [cert(root)], intermediates: [...cs, ...pool], at: AT, session });
    expect(r.status).toBe("valid");
    expect(r.path).toEqual([cert(leaf), cert(ca), cert(root)]);
  }, 120_000);
});
