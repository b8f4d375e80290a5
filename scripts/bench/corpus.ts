// The benchmark corpus, built with the project's sample generator: sealed PAdES archives whose originals are
// PDFs carrying an incompressible image stream of a chosen size (random bytes, DeviceGray, no filter), so
// that the PAdES, which merges the originals' pages, is as large as the originals together.
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PDFDocument, PDFName } from "pdf-lib";
import {
  base64,
  createCrl,
  createOcspResponse,
  createSealedPades,
  createWorkflowToken,
  evidenceAttachments,
  loadPki,
  plusSeconds,
  serialBytes,
  TIMELINE,
  trustAnchors,
  type TestPki,
  type WorkflowEvidence,
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
  const image = ctx.register(
    ctx.stream(randomBytes(width * height), {
      Type: "XObject",
      Subtype: "Image",
      Width: width,
      Height: height,
      ColorSpace: "DeviceGray",
      BitsPerComponent: 8,
    }),
  );
  const page = doc.addPage([595, 842]);
  page.node.setXObject(PDFName.of("Im0"), image);
  const content = ctx.register(ctx.stream(`q 500 0 0 700 47 71 cm /Im0 Do Q\nBT /F1 1 Tf ET`));
  page.node.set(PDFName.of("Contents"), content);
  return doc.save({ useObjectStreams: false, addDefaultPage: false });
}

/** Workflow evidence (token, OCSP, PEM) over given original bytes, sealed at `iat` (default: the timeline's). */
export async function evidenceFor(pki: TestPki, originals: BenchOriginal[], iat: Date = TIMELINE.iat): Promise<WorkflowEvidence> {
  const signer = pki.tokenSigner;
  const documents = originals.map((o) => ({ title: o.title, bytes: o.bytes }));
  const endpointToken = await createWorkflowToken({ signer, documents, personalData: true, iat });
  const padesToken = await createWorkflowToken({ signer, documents, personalData: false, iat });
  const ocspDer = createOcspResponse({ subject: signer, issuer: pki.tokenCa, responder: pki.ocspResponder, producedAt: plusSeconds(iat, -4) });
  return {
    originals,
    endpointToken,
    padesToken,
    ocspDer,
    ocspBase64: base64(ocspDer),
    certificatePem: signer.pem,
    resultInfo: { ocspReponseIncluded: true, documentCount: originals.length, signatureCount: 2 },
  };
}

/** How one archive is sealed: its time, and the seal CA's CRL of that day (default: the generator's). */
export interface Sealing {
  iat: Date;
  crl: Uint8Array;
}

/** Where the seal's dictionary goes: after the pages (default), or first, as the broker writes it. */
export interface ArchiveShape {
  sealFirst?: boolean;
}

/** Writes `<dir>/archive.pdf` and `<dir>/originals/*.pdf`; returns the PAdES size. */
export async function writeArchive(pki: TestPki, dir: string, originals: BenchOriginal[], sealing?: Sealing, shape: ArchiveShape = {}): Promise<number> {
  const iat = sealing?.iat ?? TIMELINE.iat;
  const evidence = await evidenceFor(pki, originals, iat);
  // As the broker seals: its own OCSP response for the seal, fetched just before, and the day's CRL.
  const revocation = sealing && {
    crls: [sealing.crl],
    ocsps: [
      createOcspResponse({
        subject: pki.seal,
        issuer: pki.sealRoot,
        responder: pki.sealRoot,
        producedAt: plusSeconds(iat, -30),
        nextUpdate: plusSeconds(iat, 7 * 24 * 3600),
      }),
    ],
  };
  const pdf = await createSealedPades(
    pki,
    {
      originals: originals.map((o) => o.bytes),
      attachments: evidenceAttachments(evidence),
      contentsSize: 48 * 1024 + (sealing?.crl.length ?? 0),
      signingTime: iat,
      ...(shape.sealFirst ? { sealFirst: true } : {}),
    },
    sealing ? { revocation, timestampAt: plusSeconds(iat, 3) } : {},
  );
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
  /** The same, sealed as the broker writes it: the seal's dictionary first (its own originals). */
  largeFirst: { dir: string; padesBytes: number; originalsBytes: number };
  small: { dir: string; count: number; padesBytes: number; crlBytes: number; days: number };
}

export interface CorpusOptions {
  root: string;
  /** Bytes of each of the two large originals (their sum is the originals' total; the PAdES a bit more). */
  largeOriginalBytes: number;
  smallCount: number;
  /** Image bytes per original of a small archive (two originals each). */
  smallOriginalBytes: number;
  /** Entries of each day's CRL of the seal CA (the broker's real one: 75 KB, ~3,400 entries). */
  crlEntries: number;
  /** Sealing days: each has its own CRL, shared by that day's archives. */
  days: number;
  log: (s: string) => void;
}

/**
 * The seal CA's CRL of one day, of real size: `entries` revoked serials (5 bytes each, as a CA's
 * sequential serials are; the seal's own serial never among them), issued at the day's start.
 */
export function dayCrl(pki: TestPki, day: Date, entries: number, number: number): Uint8Array {
  const own = Buffer.from(serialBytes(pki.seal)).toString("hex");
  const revoked: { serial: Uint8Array; at: Date }[] = [];
  for (let i = 0; revoked.length < entries; i++) {
    const serial = Uint8Array.from([0x40 | ((i >>> 24) & 0x3f), (i >>> 16) & 0xff, (i >>> 8) & 0xff, i & 0xff, (i * 37) & 0xff]);
    if (Buffer.from(serial).toString("hex") === own) continue;
    revoked.push({ serial, at: plusSeconds(day, -3600 * (1 + (i % 2000))) });
  }
  return createCrl({ issuer: pki.sealRoot, thisUpdate: day, nextUpdate: plusSeconds(day, 7 * 24 * 3600), revoked, number });
}

/** The large archive sealed as the broker writes it (built once beside the corpus, with a marker of its own). */
async function largeSealedFirst(o: CorpusOptions, pki: TestPki, stamp: string): Promise<Corpus["largeFirst"]> {
  const dir = join(o.root, "large-seal-first");
  const marker = join(o.root, `.complete-seal-first-${stamp}`);
  if (existsSync(marker)) return { dir, ...(JSON.parse(readFileSync(marker, "utf8")) as { padesBytes: number; originalsBytes: number }) };
  o.log(`corpus: large archive sealed first (2 originals of ${mb(o.largeOriginalBytes)})…`);
  rmSync(dir, { recursive: true, force: true });
  const bigs: BenchOriginal[] = [];
  for (const title of ["Bilag A", "Bilag B"]) {
    bigs.push({ title, fileName: `${title.replace(" ", "-")}.pdf`, bytes: await bigOriginalPdf(title, o.largeOriginalBytes) });
  }
  const info = { padesBytes: 0, originalsBytes: bigs.reduce((a, b) => a + b.bytes.length, 0) };
  info.padesBytes = await writeArchive(pki, dir, bigs, undefined, { sealFirst: true });
  writeFileSync(marker, JSON.stringify(info));
  return { dir, ...info };
}

/** Builds the corpus, or reuses it when a previous run built the same one. */
export async function buildCorpus(o: CorpusOptions): Promise<Corpus> {
  // The test PKI is part of the corpus's identity: archives sealed under an older one no longer verify.
  const pkiHash = createHash("sha256");
  for (const f of readdirSync("samples/pki")
    .filter((n) => n.endsWith(".pem"))
    .sort())
    pkiHash.update(f).update(readFileSync(join("samples/pki", f)));
  const stamp = `${o.largeOriginalBytes}-${o.smallCount}-${o.smallOriginalBytes}-${o.crlEntries}-${o.days}-${pkiHash.digest("hex").slice(0, 12)}-v3`;
  const marker = join(o.root, `.complete-${stamp}`);
  const large = join(o.root, "large");
  const small = join(o.root, "small");
  const trust = join(o.root, "trust");
  const pki = loadPki("samples/pki");
  const sizes = { padesBytes: 0, originalsBytes: 2 * o.largeOriginalBytes, smallPades: 0, crlBytes: 0 };
  if (existsSync(marker)) {
    const info = JSON.parse((await import("node:fs")).readFileSync(marker, "utf8")) as typeof sizes;
    o.log(`corpus: reusing ${o.root}`);
    return {
      root: o.root,
      trust,
      large: { dir: large, padesBytes: info.padesBytes, originalsBytes: info.originalsBytes },
      largeFirst: await largeSealedFirst(o, pki, stamp),
      small: { dir: small, count: o.smallCount, padesBytes: info.smallPades, crlBytes: info.crlBytes, days: o.days },
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

  // Every small archive is distinct (its own originals, token, OCSP responses, seal signature and timestamp),
  // as a broker's archives are; the certificates are shared, and so is the CRL of each sealing day.
  o.log(`corpus: ${o.smallCount} distinct small archives over ${o.days} sealing days (CRL of ${o.crlEntries} entries per day)…`);
  const perDay = Math.ceil(o.smallCount / o.days);
  let crl: Uint8Array = new Uint8Array(0);
  for (let i = 0; i < o.smallCount; i++) {
    const d = Math.floor(i / perDay);
    // Sealing days from the timeline's on (the token responder's certificate is valid until the 11th).
    const dayStart = new Date(Date.UTC(2025, 11, 8 + d));
    if (i % perDay === 0) {
      crl = dayCrl(pki, dayStart, o.crlEntries, 100 + d);
      sizes.crlBytes = crl.length;
    }
    const iat = plusSeconds(TIMELINE.iat, d * 24 * 3600 + (i % perDay) * 60);
    const dir = join(small, String(Math.floor(i / 100)).padStart(4, "0"), `wf-${String(i).padStart(5, "0")}`);
    const originals = await Promise.all(
      ["Kontrakt", "Bilag"].map(async (t) => ({
        title: `${t} ${i}`,
        fileName: `${t}-${i}.pdf`,
        bytes: await bigOriginalPdf(`${t} ${i}`, o.smallOriginalBytes),
      })),
    );
    sizes.smallPades = await writeArchive(pki, dir, originals, { iat, crl });
    if (i % 100 === 99) o.log(`  ${i + 1}`);
  }
  writeFileSync(marker, JSON.stringify(sizes));
  return {
    root: o.root,
    trust,
    large: { dir: large, padesBytes: sizes.padesBytes, originalsBytes: sizes.originalsBytes },
    largeFirst: await largeSealedFirst(o, pki, stamp),
    small: { dir: small, count: o.smallCount, padesBytes: sizes.smallPades, crlBytes: sizes.crlBytes, days: o.days },
  };
}

export const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(1)} MB`;
