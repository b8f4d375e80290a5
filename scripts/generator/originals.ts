// The original PDFs the signers signed: small text documents, deterministic bytes (fixed dates,
// no generated IDs) so their SHA-256 in the token stays stable across regenerations.
import { PDFDocument, StandardFonts } from "pdf-lib";

export interface OriginalSpec {
  title: string;
  /** One array of lines per page. */
  pages: string[][];
}

export const DEFAULT_ORIGINALS: OriginalSpec[] = [
  {
    title: "Lejekontrakt",
    pages: [
      [
        "Lejekontrakt",
        "",
        "Udlejer: Sealcheck Test Ejendomme ApS",
        "Lejer: Karen Test Jensen og Lars Test Nielsen",
        "Lejemaal: Testvej 1, 1. th., 8000 Aarhus C",
        "Husleje: 9.500 kr. pr. maaned",
        "",
        "(Testdokument - ikke gyldigt)",
      ],
      ["Lejekontrakt, side 2", "", "Depositum: 28.500 kr.", "Opsigelsesvarsel: 3 maaneder", "", "Parterne underskriver med MitID."],
    ],
  },
  {
    title: "Husorden",
    pages: [["Husorden", "", "1. Ro efter kl. 22.", "2. Cykler i cykelkaelderen.", "3. Affald sorteres.", "", "(Testdokument - ikke gyldigt)"]],
  },
];

const FIXED_DATE = new Date("2025-12-01T09:00:00Z");

/** A small text PDF; the same spec always gives the same bytes. */
export async function createOriginalPdf(spec: OriginalSpec): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(spec.title);
  doc.setProducer("sealcheck sample generator");
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of spec.pages) {
    const page = doc.addPage([595, 842]);
    page.setFont(font); // once per page: drawText({font}) would add a resource name per line
    lines.forEach((line, i) => page.drawText(line, { x: 60, y: 760 - i * 22, size: i === 0 ? 20 : 12 }));
  }
  return doc.save({ useObjectStreams: false });
}

/**
 * Change one byte in the binary comment on the header's second line: the file still opens and looks
 * the same, but its digest differs (the subtlest "changed original").
 */
export function flipOneByte(pdf: Uint8Array): Uint8Array {
  const out = new Uint8Array(pdf);
  const at = out.indexOf(0x25, 1); // the '%' that starts the second header line
  out[at + 1]! ^= 0x01;
  return out;
}
