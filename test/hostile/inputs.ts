// Hostile inputs built from the valid samples: later revisions that replace one object of the sealed PAdES
// with something nasty, bombs, deep nesting, quadratic-regex bait. Shared by the library and CLI tests.
import { deflateSync } from "node:zlib";
import { readFileSync } from "node:fs";
import { appendIncrementalUpdate } from "../../scripts/generator/index.js";
import { listEmbeddedFiles, parsePdf } from "../../src/input/pdf/index.js";
import { rawGet } from "../../src/input/pdf/objects.js";
import { DEFAULT_LIMITS } from "../../src/index.js";
import { wholeSource } from "../../src/input/source.js";

export const validPdf = () => new Uint8Array(readFileSync("samples/valid/archive.pdf"));
export const validTokenJson = () => readFileSync("samples/valid/workflowtoken.json", "utf8");

function refs() {
  const view = parsePdf(wholeSource(validPdf()), DEFAULT_LIMITS).latest();
  const pages = rawGet(view.catalog(), "Pages");
  const jwt = listEmbeddedFiles(view).files.find((f) => f.name.text === "workflow_token.jwt")!;
  if (pages?.kind !== "ref" || !jwt.streamRef) throw new Error("sample layout changed");
  return { pages: pages.num, jwtStream: jwt.streamRef.num };
}

/** A later revision replaces object `num` of the sealed PAdES with `body`. */
export function replaceObject(num: number, body: string | Uint8Array): Uint8Array {
  return appendIncrementalUpdate(validPdf(), { objects: [{ num, body }] }).bytes;
}

/** The token attachment replaced by a Flate bomb: `mb` MiB of zeros in a few hundred KiB. */
export function flateBombAttachment(mb = 256): Uint8Array {
  const data = deflateSync(Buffer.alloc(mb * 1024 * 1024), { level: 9 });
  const head = Buffer.from(`<< /Type /EmbeddedFile /Filter /FlateDecode /Length ${data.length} >>\nstream\n`, "latin1");
  return replaceObject(refs().jwtStream, Buffer.concat([head, data, Buffer.from("\nendstream", "latin1")]));
}

/** The page tree's root made its own kid (a /Kids loop). */
export function kidsLoop(): Uint8Array {
  const n = refs().pages;
  return replaceObject(n, `<< /Type /Pages /Kids [${n} 0 R] /Count 1 >>`);
}

/** An object nested `depth` arrays deep. */
export function deepPdfNesting(depth = 200_000): Uint8Array {
  return replaceObject(refs().pages, `<< /Type /Pages /Kids ${"[".repeat(depth)}${"]".repeat(depth)} /Count 0 >>`);
}

/** A Workflow-token JSON nested `depth` levels deep. */
export function deepJson(depth = 1_000_000): string {
  return `{"workflowToken":${"[".repeat(depth)}${"]".repeat(depth)}}`;
}

/** The PAdES endpoint JSON whose padesB64 is a long run of line breaks and one bad character. */
export function padesB64LineBreaks(n = 300_000): string {
  return JSON.stringify({ padesDocument: { padesB64: `${"\n".repeat(n)}!` } });
}

/** The Workflow-token JSON whose certificate PEM has many BEGIN lines and no END. */
export function pemBeginsWithoutEnd(n = 200_000): string {
  const v = JSON.parse(validTokenJson()) as Record<string, unknown>;
  v.publicSigningCertPem = "-----BEGIN CERTIFICATE-----\n".repeat(n);
  return JSON.stringify(v);
}

/** Binary junk (deterministic). */
export function junk(n = 1 << 20): Uint8Array {
  const out = new Uint8Array(n);
  let x = 0x12345678;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}
