// Mutation probe of verify-tl: mutates real lists (structure-aware edits) and reports any throw that is not a
// SealcheckError, and any report whose checks mention an internal error. usage: npx tsx tl-fuzz.ts <n> <seed>
import { readFileSync } from "node:fs";
import { verifyTrustedList } from "../../src/api/trust-list.js";
import { SealcheckError } from "../../src/errors.js";
const n = Number(process.argv[2] ?? 200);
let seed = Number(process.argv[3] ?? 1);
const rnd = (k: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % k);
const base = ["ES.xml", "EU.xml", "DK.xml", "fi-v6.xml"].map((f) => readFileSync(`../shared/tl/${f}`, "latin1"));
const muts: ((s: string) => string)[] = [
  (s) => s.replace(/Id="([^"]+)"/, (m, id) => `${m} xml:id="${id}"`),
  (s) => s.replace(/<tsl:TSLSequenceNumber>\d+/, "<tsl:TSLSequenceNumber>99999999999999999999999"),
  (s) => s.replace(/<(\w+:)?TSLSequenceNumber>\d+/, "<$1TSLSequenceNumber>-1"),
  (s) => s.replace(/<(\w+:)?NextUpdate>\s*<(\w+:)?dateTime>[^<]+/, "<$1NextUpdate><$2dateTime>99999-01-01T00:00:00Z"),
  (s) => s.replace(/<(\w+:)?ListIssueDateTime>[^<]+/, "<$1ListIssueDateTime>2019-02-30T25:61:00+14:00"),
  (s) => s.replace(/<(\w+:)?StatusStartingTime>[^<]+/, "<$1StatusStartingTime>+275760-09-13T00:00:00.001Z"),
  (s) => s.replace(/<(\w+:)?StatusStartingTime>[^<]+/g, "<$1StatusStartingTime>0000-01-01T00:00:00Z"),
  (s) => s.replace(/<(\w+:)?SchemeTerritory>[A-Z]+/, "<$1SchemeTerritory>__proto__"),
  (s) => s.replace(/<(\w+:)?SchemeTerritory>[A-Z]+/, "<$1SchemeTerritory>constructor"),
  (s) => s.replace(/<(\w+:)?TSLType>[^<]+/, "<$1TSLType>"),
  (s) => s.replace(/<\?xml[^>]*\?>/, '<?xml version="1.0" encoding="UTF-16"?>'),
  (s) => s.replace(/<\?xml[^>]*\?>/, '<?xml version="1.1" encoding="ISO-8859-1"?>'),
  (s) => s.replace(/(<ds:X509Certificate>)/, "$1\n"),
  (s) => s.replace(/<ds:X509Certificate>[^<]+/, "<ds:X509Certificate>AAAA"),
  (s) => s.replace(/<(\w+:)?X509Certificate>([^<]+)/, (m, p, b) => `<${p ?? ""}X509Certificate>${b.slice(0, 40)}`),
  (s) => s.replace(/URI="#([^"]+)"/, "URI=\"#xpointer(id('$1'))\""),
  (s) => s.replace(/URI=""/, 'URI="#xpointer(/)"'),
  (s) => s.replace(/<ds:DigestValue>[^<]+/, "<ds:DigestValue>"),
  (s) => s.replace(/<ds:SignatureValue[^>]*>[^<]+/, "<ds:SignatureValue>AAAA"),
  (s) => s.replace(/Algorithm="http:\/\/www.w3.org\/2001\/10\/xml-exc-c14n#"/, 'Algorithm="http://www.w3.org/2006/12/xml-c14n11"'),
  (s) => s.replace(/<ds:SignedInfo>/, '<ds:SignedInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#" xmlns="urn:x">'),
  (s) => s.replace(/(<\/[^>]+>)/, "$1<!--x-->"),
  (s) => s.replace(/(<\/[^>]+>)/, "$1<?pi x?>"),
  (s) => s.replace(/(<\/[^>]+>)/, "$1<![CDATA[x]]>"),
  (s) => s.replace(/&amp;/, "&#xD800;"),
  (s) => s.replace(/>([^<\s][^<]{3})/, ">&#x10FFFF;$1"),
  (s) => s.replace(/(<\w+:?\w*) /, '$1 xmlns:zz="" '),
  (s) => {
    const i = rnd(s.length);
    return s.slice(0, i) + s.slice(i + 1);
  },
  (s) => {
    const i = rnd(s.length);
    return s.slice(0, i) + String.fromCharCode(rnd(128)) + s.slice(i + 1);
  },
  (s) => {
    const i = rnd(s.length);
    const j = i + rnd(2000);
    return s.slice(0, i) + s.slice(j);
  },
  (s) => {
    const i = rnd(s.length);
    const j = i + rnd(500);
    return s.slice(0, j) + s.slice(i, j) + s.slice(j);
  },
];
const seen = new Map<string, number>();
for (let k = 0; k < n; k++) {
  let s = base[rnd(base.length)]!;
  const used: number[] = [];
  for (let m = 1 + rnd(3); m > 0; m--) {
    const i = rnd(muts.length);
    used.push(i);
    s = muts[i]!(s);
  }
  try {
    const r = await verifyTrustedList({ bytes: Buffer.from(s, "latin1"), file: "m.xml" });
    const txt = JSON.stringify(r);
    if (/ERR_INTERNAL|internal error|TypeError|RangeError|at [\w.]+ \(/.test(txt)) {
      const key = "report:" + (txt.match(/.{80}(ERR_INTERNAL|internal error|TypeError|RangeError).{120}/)?.[0] ?? "?");
      if (!seen.has(key)) console.log(`#${k} muts ${used}: ${key}`);
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
  } catch (e) {
    if (e instanceof SealcheckError) continue;
    const key = `throw:${(e as Error)?.name}: ${String((e as Error)?.message).slice(0, 150)}`;
    if (!seen.has(key))
      console.log(
        `#${k} muts ${used}: ${key}\n${String((e as Error)?.stack)
          .split("\n")
          .slice(1, 4)
          .join("\n")}`,
      );
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
}
console.log("done", n, [...seen.entries()].length, "distinct problems");
