// A1: the trust-anchors stage does not see every place the evidence carries certificates. Its warning ("a trust
// anchor given is a certificate the evidence itself carries … vouches for nothing") looks in the seal's CMS, the
// DSS's certificates, the token certificate and the token's OCSP response (stages.ts: uses pades, dss,
// tokenCert, evidence): not in the document timestamps' tokens (nor in the DSS's OCSP responses). `sealcheck
// extract` writes the certificates of every signature's CMS, document timestamps included
// (`ArchiveTimestamp1-certificate-N.pem`). A certificate put in ArchiveTimestamp1's token (its SignedData
// certificates, inside that revision's /Contents gap: no byte range changes) and then given as an anchor, as an
// auditor who took the roots from `extract`'s output would, gives no warning; the same certificate in the seal's
// CMS does (honest). A forger who ships the whole chain of trust in a later document timestamp thus keeps the one
// warning meant for that shortcut silent.
//   npx tsx scripts/attack-s4/anchor-from-doc-timestamp.ts [honest]
// honest: the certificate put in the seal's CMS instead (samples/valid/archive.pdf): the warning names it.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import * as pkijs from "pkijs";
import { sample, save, tool, verify, work } from "../attack36/lib.js";

const honest = process.argv[2] === "honest";
// The attack needs a document timestamp; honest puts the certificate in the seal's CMS of the B-T sample (in the
// LTA sample the document timestamp covers the seal's /Contents).
const base = sample(honest ? "valid/archive.pdf" : "lta/archive.pdf");
// An anchor nobody's evidence carries: the test PKI's foreign root (as an attacker's root would be).
const extra = pkijs.Certificate.fromBER(
  Buffer.from(
    readFileSync("samples/pki/foreignRoot.pem", "latin1")
      .replace(/-----[^-]+-----/g, "")
      .replace(/\s+/g, ""),
    "base64",
  ),
);

/** The /Contents gaps of every signature, from their /ByteRange (the seal first, ArchiveTimestamp1 last). */
function gaps(pdf: Uint8Array): { start: number; end: number }[] {
  const text = Buffer.from(pdf).toString("latin1");
  return [...text.matchAll(/\/ByteRange\s*\[\s*0\s+(\d+)\s+(\d+)\s+\d+\s*\]/g)].map((m) => ({ start: Number(m[1]), end: Number(m[2]) }));
}

/** `pdf` with the CMS in gap `g` given one more certificate, re-encoded in place and zero-padded. */
function withCertificate(pdf: Uint8Array, g: { start: number; end: number }): Uint8Array {
  const hex = Buffer.from(pdf.subarray(g.start + 1, g.end - 1)).toString("latin1");
  const ci = pkijs.ContentInfo.fromBER(Buffer.from(hex, "hex"));
  const sd = new pkijs.SignedData({ schema: ci.content });
  sd.certificates = [...(sd.certificates ?? []), extra];
  const der = Buffer.from(new pkijs.ContentInfo({ contentType: pkijs.ContentInfo.SIGNED_DATA, content: sd.toSchema(true) }).toSchema().toBER(false));
  const room = (g.end - g.start - 2) / 2;
  if (der.length > room) throw new Error(`no room: ${der.length} > ${room}`);
  const out = new Uint8Array(pdf);
  out.set(Buffer.from(`<${der.toString("hex").padEnd(room * 2, "0")}>`, "latin1"), g.start);
  return out;
}

const all = gaps(base);
const target = honest ? all[0]! : all[all.length - 1]!;
const dir = work(`a1-${honest ? "honest" : "attack"}`);
const file = save(dir, "archive.pdf", withCertificate(base, target));
console.log(
  `wrote ${file}: samples/${honest ? "valid" : "lta"}/archive.pdf with the foreign root added to ${honest ? "the seal's CMS" : "ArchiveTimestamp1's token"}`,
);
tool("node", ["dist/cli/main.js", "extract", file, join(dir, "out")]);
const same = readdirSync(join(dir, "out")).filter((f) => {
  const t = readFileSync(join(dir, "out", f), "latin1");
  return (
    t.includes("BEGIN CERTIFICATE") &&
    t.replace(/\s+/g, "").includes(
      readFileSync("samples/pki/foreignRoot.pem", "latin1")
        .replace(/-----[^-]+-----/g, "")
        .replace(/\s+/g, ""),
    )
  );
});
console.log(`== sealcheck extract writes it as: ${same.join(", ") || "(nowhere)"}`);
const v = verify(file, ["--trust", join(dir, "out", same[0] ?? "none")]);
const ta = v.report.checks.find((c) => c.id === "trust-anchors");
console.log(`== sealcheck (--trust samples/trust --trust ${same[0] ?? "?"}): ${v.indication}${v.subIndication ? ` / ${v.subIndication}` : ""}`);
console.log(`   trust-anchors: ${ta?.status ?? "(no remark)"}; names the extracted anchor: ${ta?.message.includes("Untrusted Test Root CA") ? "yes" : "NO"}`);
console.log(`   ${ta?.message.slice(0, 200) ?? ""}…`);
