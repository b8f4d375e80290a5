// validateChain runs pkijs's engine on views of the certificates whose names compare with sameName
// (runEngine), so that a cold run never sets up ICU collation for the engine's name chaining. Over the test
// PKI and over chains whose issuer names are encoded unlike their issuers' subjects (other case, spaces,
// string types, non-ASCII text), the engine answers exactly as it does on the certificates themselves.
import { readdirSync, readFileSync } from "node:fs";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { describe, expect, it, vi } from "vitest";
import { OIDS } from "../../scripts/generator/der.js";
import { generateEcKey } from "../../scripts/generator/keys.js";
import { extensions, issueCertificate, type Issued, type NameAttribute } from "../../scripts/generator/pki.js";
import { certificateDer, certificateFromDer, certificateFromPem } from "../../src/pki/certificate.js";
import { findIssuers, runEngine } from "../../src/pki/chain.js";
import { pkiSession } from "../../src/pki/session.js";

const S = pkiSession();
const hex = (c: pkijs.Certificate): string => Buffer.from(certificateDer(c)).toString("hex");

/** The engine as validateChain ran it before the views: on the certificates themselves. */
async function plainEngine(leaf: pkijs.Certificate, anchors: pkijs.Certificate[], intermediates: pkijs.Certificate[], at: Date) {
  const engine = new pkijs.CertificateChainValidationEngine({
    trustedCerts: [...anchors],
    certs: [...intermediates, leaf],
    checkDate: at,
    // runEngine's dead-end rule (a8 S4): a certificate without issuers answered with itself.
    findIssuer: async (cert, e) => {
      const issuers = await findIssuers(S, cert, e);
      return issuers.length > 0 ? issuers : [cert];
    },
  });
  try {
    return await engine.verify({}, S.engine);
  } catch (e) {
    return { result: false, resultCode: -1, resultMessage: e instanceof Error ? e.message : String(e) };
  }
}

type Answer = { result: boolean; resultCode?: number; resultMessage?: string; certificatePath?: pkijs.Certificate[] };
const answer = (r: Answer) => ({ result: r.result, code: r.resultCode, message: r.resultMessage, path: r.certificatePath?.map(hex) });

async function expectSameAnswer(leaf: pkijs.Certificate, anchors: pkijs.Certificate[], intermediates: pkijs.Certificate[], at: Date, label: string) {
  const theirs = answer(await plainEngine(leaf, anchors, intermediates, at));
  const ours = answer(await runEngine(leaf, anchors, intermediates, at, S));
  expect(ours, label).toEqual(theirs);
  return ours;
}

describe("runEngine (the engine on name views)", () => {
  it("answers as the engine on the certificates themselves, for every certificate of the test PKI and any time", async () => {
    const all = readdirSync("samples/pki")
      .filter((f) => f.endsWith(".pem") && !f.endsWith(".key.pem"))
      .map((f) => ({ name: f, cert: certificateFromPem(readFileSync(`samples/pki/${f}`, "utf8"), f, S) }));
    const anchors = all.filter((c) => /Root\.pem$/.test(c.name)).map((c) => c.cert);
    expect(anchors.length).toBeGreaterThanOrEqual(3);
    let valid = 0;
    for (const { name, cert } of all) {
      if (anchors.includes(cert)) continue;
      const others = all.map((c) => c.cert).filter((c) => c !== cert && !anchors.includes(c));
      const during = new Date(cert.notBefore.value.getTime() + 3600_000);
      for (const at of [during, new Date("2001-01-01T00:00:00Z"), new Date("2099-01-01T00:00:00Z")]) {
        if ((await expectSameAnswer(cert, anchors, others, at, `${name} at ${at.toISOString()}`)).result) valid++;
      }
    }
    expect(valid).toBeGreaterThan(5);
  });

  it("answers as the engine on the certificates themselves when issuer names are encoded unlike the issuer's subject", async () => {
    const at = new Date("2025-06-01T00:00:00Z");
    const spec = { notBefore: new Date("2025-01-01T00:00:00Z"), notAfter: new Date("2026-01-01T00:00:00Z") };
    const rootKey = generateEcKey("P-256");
    const rootName: NameAttribute[] = [
      [OIDS.organization, "Sealcheck Name Test"],
      [OIDS.commonName, "Tëst Root CA"],
    ];
    const caExtensions = [extensions.basicConstraints(true), extensions.keyUsage("keyCertSign", "cRLSign")];
    const rootDer = issueCertificate({ ...spec, subject: rootName, subjectKey: rootKey, serial: new Uint8Array([1]), extensions: caExtensions });
    const root = certificateFromDer(rootDer, "root", S);
    // The issuer as a leaf names it: the root's key, its name encoded as `issuerName` says.
    const issuerAs = (issuerName: asn1js.Sequence): Issued => ({ ...({} as Issued), key: rootKey, cert: { subject: { toSchema: () => issuerName } } as never });
    type Text = [typeof asn1js.Utf8String | typeof asn1js.PrintableString, string];
    const utf8 = (text: string): Text => [asn1js.Utf8String, text];
    const printable = (text: string): Text => [asn1js.PrintableString, text];
    const rdn = (type: string, [kind, value]: Text) =>
      new asn1js.Set({ value: [new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: type }), new kind({ value })] })] });
    const variants: [string, Text, Text, boolean][] = [
      ["the same encoding", utf8("Sealcheck Name Test"), utf8("Tëst Root CA"), true],
      ["other case and spaces", utf8("SEALCHECK  name test "), utf8("tëst root ca"), true],
      ["a PrintableString for a UTF8String", printable("Sealcheck Name Test"), utf8("Tëst Root CA"), true],
      ["an ASCII look-alike", printable("Sealcheck Name Test"), printable("Test Root CA"), false],
      ["another non-ASCII letter", utf8("Sealcheck Name Test"), utf8("Tèst Root CA"), false],
      ["another name", utf8("Sealcheck Name Test"), utf8("Test Root CB"), false],
    ];
    let serial = 2;
    for (const [label, o, cn, chains] of variants) {
      const issuerName = new asn1js.Sequence({ value: [rdn(OIDS.organization, o), rdn(OIDS.commonName, cn)] });
      const leafKey = generateEcKey("P-256");
      const leafDer = issueCertificate({
        ...spec,
        subject: [[OIDS.commonName, `Leaf ${label}`]],
        subjectKey: leafKey,
        issuer: issuerAs(issuerName),
        serial: new Uint8Array([serial++]),
        extensions: [extensions.keyUsage("digitalSignature")],
      });
      const leaf = certificateFromDer(leafDer, label, S);
      expect((await expectSameAnswer(leaf, [root], [], at, label)).result, label).toBe(chains);
    }
  });

  it("leaves pkijs's attribute comparison (and ICU collation) out of a chain of printable-ASCII names", async () => {
    const read = (f: string) => certificateFromPem(readFileSync(`samples/pki/${f}.pem`, "utf8"), f, S);
    const spy = vi.spyOn(pkijs.AttributeTypeAndValue.prototype, "isEqual");
    const leaf = read("tokenSigner");
    const res = await runEngine(leaf, [read("tokenRoot")], [read("tokenCa")], new Date(leaf.notBefore.value.getTime() + 3600_000), S);
    expect(res.result).toBe(true);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});
