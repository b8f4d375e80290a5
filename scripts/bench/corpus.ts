// The benchmark corpus, built with the project's sample generator: sealed PAdES archives whose originals are
// PDFs carrying an incompressible image stream of a chosen size (random bytes, DeviceGray, no filter), so
// that the PAdES, which merges the originals' pages, is as large as the originals together.
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PDFDocument, PDFName } from "pdf-lib";
import {
  base64, createOcspResponse, createSealedPades, createWorkflowToken, evidenceAttachments, loadPki, trustAnchors,
  type TestPki, type WorkflowEvidence,
} from "../generator/index.js";

export interface BenchOriginal {
  title: string;
  fileName: string;
  bytes: Uint8Array;
}

/** A one-page PDF whose page shows an image of `imageBytes` random bytes (incompressible). */
export async function bigOriginalPdf(title: string, imageBytes: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(title);
  doc.setProducer("sealcheck bench");
  doc.setCreationDate(new Date("2025-12-01T09:00:00Z"));
  doc.setModificationDate(new Date("2025-12-01T09:00:00Z"));
  const width = 4096;
  const height = Math.max(1, Math.ceil(imageBytes / width));
  const ctx = doc.context;
  const image = ctx.register(ctx.stream(randomBytes(width * height), {
    Type: "XObject", Subtype: "Image", Width: width, Height: height, ColorSpace: "DeviceGray", BitsPerComponent: 8,
  }));
  const page = doc.addPage([595, 842]);
  page.node.setXObject(PDFName.of("Im0"), image);
  const content = ctx.register(ctx.stream(`q 500 0 0 700 47 71 cm /Im0 Do Q\nBT /F1 1 Tf ET`));
  page.node.set(PDFName.of("Contents"), content);
  return doc.save({ useObjectStreams: false, addDefaultPage: false });
}

/** Workflow evidence (token, OCSP, PEM) over given original bytes; the generator's defaults otherwise. */
export async function evidenceFor(pki: TestPki, originals: BenchOriginal[]): Promise<WorkflowEvidence> {
  const signer = pki.tokenSigner;
  const documents = originals.map((o) => ({ title: o.title, bytes: o.bytes }));
  const endpointToken = await createWorkflowToken({ signer, documents, personalData: true });
  const padesToken = await createWorkflowToken({ signer, documents, personalData: false });
  const ocspDer = createOcspResponse({ subject: signer, issuer: pki.tokenCa, responder: pki.ocspResponder });
  return {
    originals, endpointToken, padesToken, ocspDer, ocspBase64: base64(ocspDer), certificatePem: signer.pem,
    resultInfo: { ocspReponseIncluded: true, documentCount: originals.length, signatureCount: 2 },
  };
}

/** Writes `<dir>/archive.pdf` and `<dir>/originals/*.pdf`; returns the PAdES size. */
export async function writeArchive(pki: TestPki, dir: string, originals: BenchOriginal[]): Promise<number> {
  const evidence = await evidenceFor(pki, originals);
  const pdf = await createSealedPades(pki, {
    originals: originals.map((o) => o.bytes),
    attachments: evidenceAttachments(evidence),
    contentsSize: 48 * 1024,
  });
  mkdirSync(join(dir, "originals"), { recursive: true });
  writeFileSync(join(dir, "archive.pdf"), pdf);
  for (const o of originals) writeFileSync(join(dir, "originals", o.fileName), o.bytes);
  return pdf.length;
}

export function writeTrust(pki: TestPki, dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (const [i, a] of trustAnchors(pki).entries()) writeFileSync(join(dir, `${i}-${a.role}.pem`), a.pem);
}

export interface Corpus {
  root: string;
  trust: string;
  large: { dir: string; padesBytes: number; originalsBytes: number };
  small: { dir: string; count: number; padesBytes: number; distinct: number };
}

export interface CorpusOptions {
  root: string;
  /** Bytes of each of the two large originals (their sum is the originals' total; the PAdES a bit more). */
  largeOriginalBytes: number;
  smallCount: number;
  /** Image bytes per original of a small archive (two originals each). */
  smallOriginalBytes: number;
  /** Distinct small archives generated; the rest are copies (verification does the same work for each). */
  smallDistinct: number;
  log: (s: string) => void;
}

/** Builds the corpus, or reuses it when a previous run built the same one. */
export async function buildCorpus(o: CorpusOptions): Promise<Corpus> {
  const stamp = `${o.largeOriginalBytes}-${o.smallCount}-${o.smallOriginalBytes}-${o.smallDistinct}-v1`;
  const marker = join(o.root, `.complete-${stamp}`);
  const large = join(o.root, "large");
  const small = join(o.root, "small");
  const trust = join(o.root, "trust");
  const pki = loadPki("samples/pki");
  const sizes = { padesBytes: 0, originalsBytes: 2 * o.largeOriginalBytes, smallPades: 0 };
  if (existsSync(marker)) {
    const info = JSON.parse((await import("node:fs")).readFileSync(marker, "utf8")) as typeof sizes;
    o.log(`corpus: reusing ${o.root}`);
    return {
      root: o.root, trust,
      large: { dir: large, padesBytes: info.padesBytes, originalsBytes: info.originalsBytes },
      small: { dir: small, count: o.smallCount, padesBytes: info.smallPades, distinct: o.smallDistinct },
    };
  }
  rmSync(o.root, { recursive: true, force: true });
  mkdirSync(o.root, { recursive: true });
  writeTrust(pki, trust);

  o.log(`corpus: large archive (2 originals of ${mb(o.largeOriginalBytes)})…`);
  const bigs: BenchOriginal[] = [];
  for (const title of ["Bilag A", "Bilag B"]) {
    bigs.push({ title, fileName: `${title.replace(" ", "-")}.pdf`, bytes: await bigOriginalPdf(title, o.largeOriginalBytes) });
  }
  sizes.originalsBytes = bigs.reduce((a, b) => a + b.bytes.length, 0);
  sizes.padesBytes = await writeArchive(pki, large, bigs);
  bigs.length = 0;

  o.log(`corpus: ${o.smallCount} small archives (${o.smallDistinct} distinct, copied)…`);
  const distinct: string[] = [];
  for (let i = 0; i < o.smallDistinct; i++) {
    const dir = join(small, "0000", `wf-${String(i).padStart(5, "0")}`);
    const originals = await Promise.all(["Kontrakt", "Bilag"].map(async (t) => ({
      title: `${t} ${i}`, fileName: `${t}-${i}.pdf`, bytes: await bigOriginalPdf(`${t} ${i}`, o.smallOriginalBytes),
    })));
    sizes.smallPades = await writeArchive(pki, dir, originals);
    distinct.push(dir);
  }
  for (let i = o.smallDistinct; i < o.smallCount; i++) {
    const dir = join(small, String(Math.floor(i / 100)).padStart(4, "0"), `wf-${String(i).padStart(5, "0")}`);
    cpSync(distinct[i % distinct.length]!, dir, { recursive: true });
  }
  writeFileSync(marker, JSON.stringify(sizes));
  return {
    root: o.root, trust,
    large: { dir: large, padesBytes: sizes.padesBytes, originalsBytes: sizes.originalsBytes },
    small: { dir: small, count: o.smallCount, padesBytes: sizes.smallPades, distinct: o.smallDistinct },
  };
}

export const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(1)} MB`;
