// The sealed archives the oracle mutates: the valid sample and the broker's real archive, each with its trust
// anchors (and validation time), the sealed revision (the file cut at the seal's ByteRange end) and what the
// mutators need to know of its structure, read with qpdf (not with sealcheck: the oracle must not share the
// verifier's reading).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sealedRevision } from "./views.js";

export type J = null | boolean | number | string | J[] | { [k: string]: J };
export type Dict = { [k: string]: J };

export interface QObject {
  value?: J;
  stream?: { dict: Dict; data?: string };
}

export interface Base {
  name: string;
  bytes: Uint8Array;
  sealed: Uint8Array;
  trust: string[];
  at?: string;
  objects: Record<string, QObject>;
  /** The next unused object number (the trailer's /Size). */
  size: number;
  root: number;
  info: number | null;
  pagesRoot: number;
  pages: { num: number; contents: number[]; fonts: number[] }[];
  acroForm: number | null;
  sigField: number;
  sigValue: number;
  embeddedFiles: { filespec: number; stream: number; name: string }[];
  /** DER certificates to put in a /DSS (the trust anchors). */
  certs: Uint8Array[];
}

const ROOT = join(import.meta.dirname, "..", "..", "..");

export const BASES = {
  sample: { file: "samples/valid/archive.pdf", trust: ["samples/trust"] },
  broker: {
    file: "test/fixtures/real/broker-example/archive.pdf",
    trust: ["test/fixtures/real/broker-example/trust"],
    at: "2025-12-08T09:40:00Z",
  },
} as const;
export type BaseName = keyof typeof BASES;

export const refNum = (r: J): number => {
  if (typeof r !== "string") throw new Error(`oracle: not a reference: ${JSON.stringify(r)}`);
  const m = /^(\d+) \d+ R$/.exec(r);
  if (!m) throw new Error(`oracle: not a reference: ${r}`);
  return Number(m[1]);
};

export function value(base: Base, num: number): Dict {
  const o = base.objects[`obj:${num} 0 R`];
  const v = o?.value ?? o?.stream?.dict;
  if (!v || typeof v !== "object" || Array.isArray(v)) throw new Error(`oracle: object ${num} is no dictionary`);
  return v;
}

/** Decoded stream data of an object of the base. */
export function streamData(base: Base, num: number): Buffer {
  const d = base.objects[`obj:${num} 0 R`]?.stream?.data;
  if (d === undefined) throw new Error(`oracle: object ${num} has no decoded stream data`);
  return Buffer.from(d, "base64");
}

const direct = (base: Base, v: J): J => (typeof v === "string" && /^\d+ \d+ R$/.test(v) ? value(base, refNum(v)) : v);

export function loadBase(name: BaseName): Base {
  const spec = BASES[name];
  const file = join(ROOT, spec.file);
  const bytes = new Uint8Array(readFileSync(file));
  const r = spawnSync("qpdf", ["--json=2", "--json-stream-data=inline", "--decode-level=generalized", "--json-key=qpdf", "--json-key=pages", file], {
    maxBuffer: 1 << 30,
  });
  if (r.status !== 0) throw new Error(`qpdf on ${file}: ${String(r.stderr)}`);
  const json = JSON.parse(r.stdout.toString("utf8")) as { qpdf: [unknown, Record<string, QObject>]; pages: { object: string; contents: string[] }[] };
  const objects = json.qpdf[1];
  const trailer = objects["trailer"]!.value as Dict;
  const base: Base = {
    name,
    bytes,
    sealed: sealedRevision(bytes),
    trust: spec.trust.map((t) => join(ROOT, t)),
    ...("at" in spec ? { at: spec.at } : {}),
    objects,
    size: trailer["/Size"] as number,
    root: refNum(trailer["/Root"]!),
    info: trailer["/Info"] ? refNum(trailer["/Info"]) : null,
    pagesRoot: 0,
    pages: [],
    acroForm: null,
    sigField: 0,
    sigValue: 0,
    embeddedFiles: [],
    certs: [],
  };
  const cat = value(base, base.root);
  base.pagesRoot = refNum(cat["/Pages"]!);
  for (const p of json.pages) {
    const pd = value(base, refNum(p.object));
    const res = direct(base, pd["/Resources"] ?? {}) as Dict;
    const fonts = direct(base, res["/Font"] ?? {}) as Dict;
    base.pages.push({
      num: refNum(p.object),
      contents: p.contents.map(refNum),
      fonts: [
        ...new Set(
          Object.values(fonts)
            .filter((f) => typeof f === "string")
            .map(refNum),
        ),
      ],
    });
  }
  if (typeof cat["/AcroForm"] === "string") base.acroForm = refNum(cat["/AcroForm"]);
  const af = direct(base, cat["/AcroForm"] ?? null) as Dict;
  base.sigField = refNum((af["/Fields"] as J[])[0]!);
  base.sigValue = refNum(value(base, base.sigField)["/V"]!);
  const names = direct(base, cat["/Names"] ?? {}) as Dict;
  const ef = direct(base, names["/EmbeddedFiles"] ?? {}) as Dict;
  const arr = (ef["/Names"] ?? []) as J[];
  for (let i = 0; i + 1 < arr.length; i += 2) {
    const fs = refNum(arr[i + 1]!);
    base.embeddedFiles.push({ filespec: fs, stream: refNum((value(base, fs)["/EF"] as Dict)["/F"]!), name: String(arr[i]).slice(2) });
  }
  for (const dir of base.trust) {
    const ls = spawnSync("sh", ["-c", `cat "${dir}"/*.pem`], { encoding: "utf8" }).stdout;
    for (const m of ls.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g))
      base.certs.push(new Uint8Array(Buffer.from(m[1]!.replace(/\s/g, ""), "base64")));
  }
  return base;
}

/** PDF syntax for a value in qpdf's JSON v2 form. */
export function pdf(v: J): string {
  if (v === null) return "null";
  if (typeof v === "boolean" || typeof v === "number") return String(v);
  if (typeof v === "string") {
    if (/^\d+ \d+ R$/.test(v) || v.startsWith("/")) return v;
    if (v.startsWith("b:")) return `<${v.slice(2)}>`;
    if (v.startsWith("u:")) {
      const s = v.slice(2);
      // eslint-disable-next-line no-control-regex
      if (/^[\x20-\x7e]*$/.test(s)) return `(${s.replace(/[\\()]/g, (c) => `\\${c}`)})`;
      return `<feff${Buffer.from(s, "utf16le").swap16().toString("hex")}>`;
    }
    return v; // raw PDF syntax written by a mutator (e.g. "2.0", "(text)")
  }
  if (Array.isArray(v)) return `[${v.map(pdf).join(" ")}]`;
  return `<< ${Object.entries(v)
    .map(([k, x]) => `${k} ${pdf(x)}`)
    .join(" ")} >>`;
}
