// The XML a list is read from: as strict as libxml2 for well-formedness and namespaces (each construct xmldom
// let through, put into a signed list), processing
// instructions refused (xmlsec1 refuses them in signed content; xml-crypto read one's content as text), and
// the work bounded before any signature code runs: counted, never timed, here.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { verifyTrustedList, type TrustedListReport, type VerifyTrustedListOptions } from "../../src/trustlist/index.js";
import { DOMParser } from "../../src/trustlist/xml-libs.js";
import { buildList, makeIdentities, resign, sign, type Identity, type ListSpec } from "./sign.js";

let K: Record<"lister", Identity>;
let issued: Date;
beforeAll(async () => {
  K = await makeIdentities({ lister: 2048 });
  issued = new Date(K.lister.notBefore.getTime() + 3_600_000);
});

const spec = (o: Partial<ListSpec> = {}): ListSpec => ({
  territory: "DK",
  issued,
  nextUpdate: new Date(issued.getTime() + 180 * 86_400_000),
  serviceStatus: "granted",
  serviceCertificate: K.lister.der,
  ...o,
});
const signed = (o: Partial<ListSpec> = {}) => sign(buildList(spec(o)), K.lister);
const verify = (xml: string, o: Partial<VerifyTrustedListOptions> = {}) =>
  verifyTrustedList({ bytes: Buffer.from(xml), file: "dk.xml" }, { signers: [K.lister.der], ...o });
const check = (r: TrustedListReport, id: string) => r.checks.find((c) => c.id === id)!;
const verdict = (r: TrustedListReport) =>
  `${r.indication}/${r.subIndication} ${r.decidedBy.join(",")}: ${r.checks
    .filter((c) => c.status !== "passed")
    .map((c) => `${c.id}: ${c.message}`)
    .join(" | ")}`;
const NOTE = '<x:Note xmlns:x="urn:x">a note</x:Note>';

describe("well-formedness and namespaces as libxml2 has them", () => {
  it("the genuine list passes", async () => {
    const r = await verify(signed({ extension: NOTE }));
    expect(r.indication, verdict(r)).toBe("TOTAL-PASSED");
  });

  // Each edit made in a signed list: xmldom accepted every one, and read the same text as before for most.
  const samples: [string, (x: string) => string, RegExp][] = [
    ["a bare & in text", (x) => x.replace("a note", "a & b; note"), /disallowed character in entity name.*bare & must be written &amp;/],
    ["an undefined entity", (x) => x.replace("a note", "AT&T; note"), /undefined entity.*bare & must be written &amp;/],
    ["a < inside an attribute value", (x) => x.replace('<x:Note xmlns:x="urn:x">', '<x:Note xmlns:x="urn:x" x:a="1<2">'), /disallowed character/],
    ['"]]>" in text', (x) => x.replace("a note", "a ]]> note"), /"\]\]>" is disallowed in char data/],
    ["&#0;", (x) => x.replace("a note", "a &#0; note"), /character reference to a character XML 1.0 forbids/],
    ["a lone surrogate by reference", (x) => x.replace("a note", "a &#xD800; note"), /character reference to a character XML 1.0 forbids/],
    ['a prefix unbound (xmlns:x="")', (x) => x.replace("a note", '<x:b xmlns:x="">n</x:b>'), /undefine prefix/],
    ["xml bound to another namespace", (x) => x.replace('<x:Note xmlns:x="urn:x">', '<x:Note xmlns:x="urn:x" xmlns:xml="urn:y">'), /xml prefix must be bound/],
    [
      "two attributes with one expanded name",
      (x) => x.replace('<x:Note xmlns:x="urn:x">', '<x:Note xmlns:x="urn:x" xmlns:y="urn:x" x:a="1" y:a="2">'),
      /duplicate attribute: \{urn:x\}a/,
    ],
    ["a processing instruction in an extension", (x) => x.replace("a note", "<?note a note?>"), /processing instruction <\?note/],
  ];
  it.each(samples)("%s: tl-format FORMAT_FAILURE naming it", async (_name, edit, message) => {
    // Made in the signed text: xml-crypto's signer writes out what xmldom read, escaped.
    const xml = edit(signed({ extension: NOTE }));
    const r = await verify(xml);
    expect([r.indication, r.subIndication, r.decidedBy[0]], verdict(r)).toEqual(["TOTAL-FAILED", "FORMAT_FAILURE", "tl-format"]);
    expect(check(r, "tl-format").message).toMatch(message);
    expect(r.providers).toBeNull();
  });

  it("a processing instruction in place of signed text (xml-crypto canonicalised its content as that text): refused", async () => {
    const xml = signed({ extension: NOTE }).replace(">a note<", "><?x a note?><");
    const r = await verify(xml);
    expect([r.indication, r.decidedBy[0]], verdict(r)).toEqual(["TOTAL-FAILED", "tl-format"]);
  });
});

describe("the references resolved by sealcheck, canonicalised as xml-crypto and xmlsec1 do", () => {
  const xmlsec1 = spawnSync("xmlsec1", ["--version"]).status === 0;
  /** xmlsec1's verdict on a list, its signer's certificate given as the key (null without xmlsec1). */
  const bySec = (xml: string): boolean | null => {
    if (!xmlsec1) return null;
    const dir = mkdtempSync(join(tmpdir(), "sealcheck-xmlsec-"));
    try {
      writeFileSync(join(dir, "list.xml"), xml);
      writeFileSync(join(dir, "cert.pem"), K.lister.certPem);
      execFileSync("xmlsec1", ["--verify", "--pubkey-cert-pem", join(dir, "cert.pem"), "--id-attr:Id", "SignedProperties", join(dir, "list.xml")], {
        stdio: "pipe",
      });
      return true;
    } catch {
      return false;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it("exclusive and inclusive canonicalisation (SignedProperties without a transform: inclusive): passes, as with xmlsec1; a change: HASH_FAILURE for both", async () => {
    const inclusiveXml = sign(buildList(spec({ extension: NOTE })), K.lister, { inclusive: true });
    // The SignedProperties reference without its Transforms: canonicalised inclusively by default (XML-DSig 4.4.3.2).
    const props = inclusiveXml.indexOf('Type="http://uri.etsi.org/01903#SignedProperties"');
    const transforms = /<ds:Transforms>.*?<\/ds:Transforms>/.exec(inclusiveXml.slice(props))!;
    const implicit = resign(inclusiveXml.slice(0, props) + inclusiveXml.slice(props).replace(transforms[0], ""), K.lister);
    const samples = {
      exclusive: sign(buildList(spec({ extension: NOTE })), K.lister),
      inclusive: inclusiveXml,
      "inclusive, SignedProperties without a transform": implicit,
    };
    expect(implicit).not.toBe(inclusiveXml);
    for (const [inclusive, xml] of Object.entries(samples)) {
      const r = await verify(xml);
      expect(r.indication, `${inclusive}: ${verdict(r)}`).toBe("TOTAL-PASSED");
      expect(bySec(xml) ?? true, `xmlsec1, inclusive ${inclusive}`).toBe(true);
      const changed = xml.replace("a note", "b note");
      expect((await verify(changed)).subIndication).toBe("HASH_FAILURE");
      expect(bySec(changed) ?? false).toBe(false);
    }
  });
});

describe("work bounded before any signature code runs", () => {
  // xmldom's Node.prototype: xml-crypto removed each comment from a copy of the list with removeChild, which
  // re-indexes the parent's children every time (20,000 comments in one element: 47 s).
  const nodeProto = Object.getPrototypeOf(Object.getPrototypeOf(new DOMParser().parseFromString("<a/>", "text/xml").documentElement!)) as {
    removeChild: (c: unknown) => unknown;
  };
  afterEach(() => vi.restoreAllMocks());

  it("a genuine list padded with 20,000 comments in one element verifies, with no comment removed one by one", async () => {
    const xml = signed({ extension: NOTE }).replace(">a note<", `>${"<!--pad-->".repeat(20_000)}a note<`);
    const removals = vi.spyOn(nodeProto, "removeChild");
    const r = await verify(xml);
    expect(r.indication, verdict(r)).toBe("TOTAL-PASSED");
    // The signature taken out for the enveloped transform: one removal, not one per comment.
    expect(removals.mock.calls.length).toBeLessThanOrEqual(2);
  });

  it("namespace declarations repeated on every element (as some operators' tools write them) are no padding: the list verifies", async () => {
    const xml = signed({ extension: NOTE }).replace(/<([A-Za-z][\w:]*)>/g, '<$1 xmlns:pad="urn:pad">');
    expect(xml.match(/xmlns:pad/g)!.length).toBeGreaterThan(50);
    const r = await verify(xml);
    expect(r.indication, verdict(r)).toBe("TOTAL-PASSED");
  });

  it("over a count, a LimitError naming the limit at tl-format, before the signature (comments, namespace declarations, elements, time)", async () => {
    const base = signed({ extension: NOTE });
    const cases: [string, string, Partial<VerifyTrustedListOptions["limits"]>, RegExp][] = [
      ["comments", base.replace(">a note<", `>${"<!--c-->".repeat(11)}a note<`), { maxXmlComments: 10 }, /maxXmlComments/],
      [
        "namespace declarations",
        base.replace('<x:Note xmlns:x="urn:x">', `<x:Note xmlns:x="urn:x"${Array.from({ length: 11 }, (_, i) => ` xmlns:p${i}="urn:p${i}"`).join("")}>`),
        // The root's four, the Note's own and the eleven: 16 in scope at the Note.
        { maxXmlNamespaceDeclarations: 15 },
        /more than 15 namespace declarations in scope at <x:Note>.*maxXmlNamespaceDeclarations/,
      ],
      ["elements", base, { maxXmlElements: 20 }, /maxXmlElements/],
      ["time", base.replace(">a note<", `>${"<!--c-->".repeat(50_000)}a note<`), { maxXmlMilliseconds: 1 }, /maxXmlMilliseconds/],
    ];
    const signatureCode = vi.spyOn(nodeProto, "removeChild");
    for (const [name, xml, limits, message] of cases) {
      const r = await verify(xml, { limits });
      expect([r.indication, r.subIndication, r.decidedBy[0]], `${name}: ${verdict(r)}`).toEqual(["TOTAL-FAILED", "FORMAT_FAILURE", "tl-format"]);
      expect(check(r, "tl-format").message, name).toMatch(message);
      expect(check(r, "tl-signature").status, name).toBe("skipped");
    }
    expect(signatureCode).not.toHaveBeenCalled();
  });

  it("150,000 sibling elements: a verdict (the change after signing is a HASH_FAILURE), not a stack overflow", async () => {
    const xml = signed({ extension: NOTE }).replace(">a note<", `>${"<x:e/>".repeat(150_000)}a note<`);
    const r = await verify(xml);
    expect([r.indication, r.subIndication, r.decidedBy[0]], verdict(r)).toEqual(["TOTAL-FAILED", "HASH_FAILURE", "tl-signature"]);
  });

  it(
    "a base64 value of 160 KB of white space that ends in a stray character: refused at once (the pattern does not backtrack)",
    { timeout: 20_000 },
    async () => {
      // The old pattern /^[A-Za-z0-9+/\s]*={0,2}\s*$/ tried every split of the white space: 165 KB took 26 s.
      const xml = signed().replace(/<X509Certificate>[^<]*<\/X509Certificate>/, `<X509Certificate>AAAA${" ".repeat(160_000)}!</X509Certificate>`);
      const r = await verify(xml);
      expect([r.indication, check(r, "tl-structure").status], verdict(r)).toEqual(["TOTAL-FAILED", "failed"]);
      expect(check(r, "tl-structure").message).toMatch(/is not base64/);
    },
  );
});
