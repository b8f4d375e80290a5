// A list's identity in XML bytes however they are encoded (src/trustlist/identity.ts, h9c): the keys a verified
// list gets from its verification are the keys its bytes give read again, for the real lists; an encoding that
// keeps the content (UTF-16, other attribute order, the signature's own layout) keeps the content key; bytes that
// are not XML sealcheck reads give no key, never an error.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadTrustedListAnchors } from "../../src/index.js";
import { DEFAULT_LIMITS } from "../../src/limits.js";
import { xmlIdentity, xmlKeys } from "../../src/trustlist/identity.js";
import { hasShared } from "../helpers/shared.js";

const REAL = hasShared("tl/EU.xml", "test/trustlist/identity.test.ts, real trusted lists");
const utf8 = (s: string) => new Uint8Array(Buffer.from(s, "utf8"));
const hex = (b: Uint8Array | undefined) => (b ? Buffer.from(b).toString("hex") : undefined);

const LIST = `<?xml version="1.0" encoding="UTF-8"?>
<TrustServiceStatusList xmlns="http://uri.etsi.org/02231/v2#" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" Id="a" TSLTag="t">
  <SchemeInformation><TSLSequenceNumber>7</TSLSequenceNumber></SchemeInformation>
  <ds:Signature><ds:SignatureValue>AAECAwQFBgcICQoLDA0ODw==</ds:SignatureValue><ds:KeyInfo><ds:X509Data><ds:X509Certificate>MIIBAgME</ds:X509Certificate></ds:X509Data></ds:KeyInfo></ds:Signature></TrustServiceStatusList>`;

describe("a list's keys", () => {
  it("re-encodings that keep the content keep the content key; other content, another key", () => {
    const id = xmlIdentity(utf8(LIST), DEFAULT_LIMITS)!;
    expect(id.signatures).toHaveLength(1);
    expect(id.certificates.map(hex)).toEqual(["3082010203" + "04"]);
    const same = [
      // UTF-16 with its BOM, no declaration
      new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(LIST.replace(/^<\?xml[^>]*\?>/, ""), "utf16le")])),
      // attributes in another order and quotes, the signature under another prefix with its value wrapped
      utf8(
        LIST.replace(`Id="a" TSLTag="t"`, `TSLTag='t'   Id="a"`)
          .replace(/ds:/g, "sig:")
          .replace("xmlns:ds=", "xmlns:sig=")
          .replace("AAECAwQFBgcI", "AAECAwQFBgcI\n  "),
      ),
      // no signature at all
      utf8(LIST.replace(/<ds:Signature>[\s\S]*<\/ds:Signature>/, "")),
      // re-indented (tabs, CRLF, the root's children on their own lines), with its signature and without it
      utf8(LIST.replace(/\n {2}/g, "\r\n\t\t").replace("<SchemeInformation>", "<SchemeInformation>\n   ")),
      utf8(
        LIST.replace(/<ds:Signature>[\s\S]*<\/ds:Signature>/, "")
          .replace(/\n {2}/g, "\n\t")
          .replace("</TrustServiceStatusList>", "\n</TrustServiceStatusList>"),
      ),
    ];
    for (const b of same) expect(hex(xmlIdentity(b, DEFAULT_LIMITS)?.content)).toBe(hex(id.content));
    // The wrapped signature value is the same value.
    expect(hex(xmlIdentity(same[1]!, DEFAULT_LIMITS)?.signatures[0])).toBe(hex(id.signatures[0]));
    expect(hex(xmlIdentity(utf8(LIST.replace(">7<", ">8<")), DEFAULT_LIMITS)?.content)).not.toBe(hex(id.content));
    // White space inside a value is the value's: another content.
    expect(hex(xmlIdentity(utf8(LIST.replace(">7<", "> 7<")), DEFAULT_LIMITS)?.content)).not.toBe(hex(id.content));
  });

  it("bytes that are not XML sealcheck reads give no key", () => {
    const deep = `<a>${"<b>".repeat(DEFAULT_LIMITS.maxXmlDepth + 5)}${"</b>".repeat(DEFAULT_LIMITS.maxXmlDepth + 5)}</a>`;
    for (const b of [
      utf8("%PDF-1.7 not xml"),
      new Uint8Array([0x3c, 0xff, 0xfe, 0x00]), // "<" then bytes that are no UTF-8
      utf8('<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>'),
      utf8("<a><b></a>"),
      utf8(deep),
      utf8(`<a>${"x".repeat(DEFAULT_LIMITS.maxXmlBytes)}</a>`),
    ])
      expect(xmlKeys(b, DEFAULT_LIMITS)).toEqual([]);
  });
});

describe.skipIf(!REAL)("the real lists (../shared/tl)", () => {
  it("a verified list's keys are the keys its bytes give", { timeout: 60_000 }, async () => {
    const files = ["DK", "SE"].map((t) => `../shared/tl/${t}.xml`);
    const lists = await loadTrustedListAnchors({
      lists: files,
      lotls: ["../shared/tl/EU.xml"],
      signers: [readFileSync("test/fixtures/tl/lotl-signer-2019.pem")],
    });
    for (const file of [...files, "../shared/tl/EU.xml"]) {
      const basis = lists.basis!.find((b) => b.kind === "list" && b.file === file)!;
      const id = xmlIdentity(new Uint8Array(readFileSync(file)), DEFAULT_LIMITS)!;
      expect(basis.keys!.map(hex), file).toEqual([id.content, ...id.signatures].map(hex));
    }
  });
});
