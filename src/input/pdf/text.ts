// PDF text strings (§7.9.2.2): UTF-16BE with a BOM, UTF-8 with a BOM (PDF 2.0), else PDFDocEncoding.
import { utf16le } from "../../platform/bytes.js";

// PDFDocEncoding differs from Latin-1 only in 0x18–0x1F and 0x7F–0xA0 (Annex D.2).
const PDFDOC_HIGH: Record<number, number> = {
  0x18: 0x02d8,
  0x19: 0x02c7,
  0x1a: 0x02c6,
  0x1b: 0x02d9,
  0x1c: 0x02dd,
  0x1d: 0x02db,
  0x1e: 0x02da,
  0x1f: 0x02dc,
  0x7f: 0xfffd,
  0x80: 0x2022,
  0x81: 0x2020,
  0x82: 0x2021,
  0x83: 0x2026,
  0x84: 0x2014,
  0x85: 0x2013,
  0x86: 0x0192,
  0x87: 0x2044,
  0x88: 0x2039,
  0x89: 0x203a,
  0x8a: 0x2212,
  0x8b: 0x2030,
  0x8c: 0x201e,
  0x8d: 0x201c,
  0x8e: 0x201d,
  0x8f: 0x2018,
  0x90: 0x2019,
  0x91: 0x201a,
  0x92: 0x2122,
  0x93: 0xfb01,
  0x94: 0xfb02,
  0x95: 0x0141,
  0x96: 0x0152,
  0x97: 0x0160,
  0x98: 0x0178,
  0x99: 0x017d,
  0x9a: 0x0131,
  0x9b: 0x0142,
  0x9c: 0x0153,
  0x9d: 0x0161,
  0x9e: 0x017e,
  0x9f: 0xfffd,
  0xa0: 0x20ac,
};

export function decodeTextString(bytes: Uint8Array): string {
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    // Swap to little-endian: utf-16le decoding needs no ICU. A dangling odd byte is dropped.
    const n = (bytes.length - 2) & ~1;
    const le = new Uint8Array(n);
    for (let i = 0; i < n; i += 2) {
      le[i] = bytes[i + 3] as number;
      le[i + 1] = bytes[i + 2] as number;
    }
    return utf16le(le);
  }
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return new TextDecoder("utf-8").decode(bytes.subarray(3));
  }
  let s = "";
  for (const b of bytes) s += String.fromCharCode(PDFDOC_HIGH[b] ?? b);
  return s;
}

/** A PDF string as both its exact bytes and its text reading. */
export interface PdfText {
  readonly bytes: Uint8Array;
  readonly text: string;
}

export function pdfText(bytes: Uint8Array): PdfText {
  return { bytes, text: decodeTextString(bytes) };
}

/**
 * A PDF date (ISO 32000-1 §7.9.4, `D:YYYYMMDDHHmmSSOHH'mm'`, every part after the year optional, the
 * apostrophes too) as an instant; undefined when it is not one. Without a zone it is read as UTC.
 */
export function parsePdfDate(text: string): Date | undefined {
  const m = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:([Zz])|([+-])(\d{2})'?(?:(\d{2})'?)?)?$/.exec(text.trim());
  if (!m) return undefined;
  const n = (i: number, d: number) => (m[i] === undefined ? d : Number(m[i]));
  const [y, mo, d, h, mi, s] = [n(1, 0), n(2, 1), n(3, 1), n(4, 0), n(5, 0), n(6, 0)];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return undefined;
  const offset = m[8] === undefined ? 0 : (m[8] === "-" ? -1 : 1) * (n(9, 0) * 60 + n(10, 0));
  const t = Date.UTC(y, mo - 1, d, h, mi, s) - offset * 60_000;
  return Number.isFinite(t) ? new Date(t) : undefined;
}
