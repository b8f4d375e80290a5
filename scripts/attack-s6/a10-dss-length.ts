// a10: P1c's archivist's file (attack-s6 G1's scenario); only how the one CRL stream is stored changes.
//  shortlen: no filter, /Length 40 bytes short of the DER (PDFBox and qpdf recover the stream up to "endstream").
//  nolen: no /Length. indef: the CRL's outer SEQUENCE in BER indefinite length. hex-noeod / a85-noeod: no EOD marker.
import { dss, save, show, tool, verify, work } from "../attack36/lib.js";
import { archivedWith, ascii85, rawStream, revokedSealed, type Stream } from "./lib.js";
const mode = process.argv[2] ?? "shortlen";
const latin = (b: Uint8Array) => Buffer.from(b).toString("latin1");
const { sealed, crl } = await revokedSealed();
function indef(der: Uint8Array): Uint8Array {
  const n = der[1]! & 0x80 ? der[1]! & 0x7f : 0;
  return new Uint8Array([0x30, 0x80, ...der.subarray(2 + n), 0, 0]);
}
function long5(der: Uint8Array): Uint8Array {
  const n = der[1]! & 0x7f;
  return new Uint8Array([0x30, 0x85, ...new Uint8Array(5 - n), ...der.subarray(2, 2 + n), ...der.subarray(2 + n)]);
}
/** Outer SEQUENCE and the signed tbsCertList both in indefinite length (the tbs's content bytes unchanged). */
function indef2(der: Uint8Array): Uint8Array {
  const body = der.subarray(2 + (der[1]! & 0x7f));
  const tn = body[1]! & 0x80 ? body[1]! & 0x7f : 0;
  const tlen = tn ? Number(Buffer.from(body.subarray(2, 2 + tn)).readUIntBE(0, tn)) : body[1]!;
  const tbsEnd = 2 + tn + tlen;
  return new Uint8Array([0x30, 0x80, 0x30, 0x80, ...body.subarray(2 + tn, tbsEnd), 0, 0, ...body.subarray(tbsEnd), 0, 0]);
}
/** DER except the signatureValue BIT STRING's length, in one more length byte than DER's (0x83 00 ..): BER. */
function innerNonMinimal(der: Uint8Array): Uint8Array {
  const n = der[1]! & 0x7f;
  const body = der.subarray(2 + n);
  const tn = body[1]! & 0x7f;
  const tEnd = 2 + tn + Buffer.from(body.subarray(2, 2 + tn)).readUIntBE(0, tn);
  const an = body[tEnd + 1]! & 0x80 ? body[tEnd + 1]! & 0x7f : 0;
  const aEnd = tEnd + 2 + an + (an ? Buffer.from(body.subarray(tEnd + 2, tEnd + 2 + an)).readUIntBE(0, an) : body[tEnd + 1]!);
  const bit = body.subarray(aEnd);
  const bn = bit[1]! & 0x7f;
  const newBit = new Uint8Array([0x03, 0x80 | (bn + 1), 0, ...bit.subarray(2)]);
  const newBody = new Uint8Array([...body.subarray(0, aEnd), ...newBit]);
  const L = newBody.length;
  return new Uint8Array([0x30, 0x82, L >> 8, L & 255, ...newBody]);
}
const streams: Record<string, Stream> = {
  honest: { bytes: crl },
  shortlen: { raw: `<< /Length ${crl.length - 40} >>\nstream\n${latin(crl)}\nendstream` },
  longlen: { raw: `<< /Length ${crl.length + 40} >>\nstream\n${latin(crl)}\nendstream` },
  nolen: { raw: `<< >>\nstream\n${latin(crl)}\nendstream` },
  indef: { bytes: indef(crl) },
  "inner-nonmin": { bytes: innerNonMinimal(crl) },
  indef2: { bytes: indef2(crl) },
  long5: { bytes: long5(crl) },
  "indef-hex": rawStream("ASCIIHexDecode", Buffer.from(indef(crl)).toString("hex") + ">"),
  "hex-noeod": rawStream("ASCIIHexDecode", Buffer.from(crl).toString("hex")),
  "a85-noeod": rawStream("ASCII85Decode", ascii85(crl).replace(/~>$/, "")),
};
const file = save(work(`a10-len-${mode}`), "archive.pdf", await archivedWith(sealed, streams[mode]!));
console.log("wrote", file);
show(mode, verify(file));
console.log("== qpdf --check:", tool("qpdf", ["--check", file]).split("\n").slice(-3).join(" / "));
if (process.env.DSS) dss(file);
