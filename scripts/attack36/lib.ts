// Shared helpers of the attack36 scripts: the test PKI (as the CAs and TSA an attacker deals with), DSS
// revisions written with sealcheck's own incremental writer, and the verdict of the built CLI.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parsePdf, readDss } from "../../src/input/pdf/index.js";
import { rawGet, type PdfObject } from "../../src/input/pdf/objects.js";
import { NumberAllocator, appendUpdate, arr, dict, name, ref, withEntry, type NewObject } from "../../src/augment/writer.js";
import { loadPki, type TestPki } from "../generator/pki.js";
import { createCrl, type CrlOptions } from "../generator/ocsp.js";
import { resolveLimits } from "../../src/limits.js";
import { wholeSource } from "../../src/input/source.js";

export const ROOT = join(import.meta.dirname, "..", "..");
process.chdir(ROOT);
if (!existsSync("dist/cli/main.js")) execFileSync("npm", ["run", "build"], { stdio: "ignore" });

export const pki = (): TestPki => loadPki("samples/pki");
export const work = (tag: string): string => mkdtempSync(join(tmpdir(), `attack36-${tag}-`));
export const sample = (p: string): Uint8Array => new Uint8Array(readFileSync(join(ROOT, "samples", p)));

/**
 * Appends a revision whose /DSS lists `add` (DER) before (`first`) or after what the latest DSS lists; the
 * catalog gains a /DSS when there is none. An LTV-only update as augment writes one.
 */
export function withDss(
  pdf: Uint8Array,
  add: { certs?: Uint8Array[]; ocsps?: Uint8Array[]; crls?: Uint8Array[] },
  o: { first?: boolean; dropOld?: boolean } = {},
): Uint8Array {
  const doc = parsePdf(wholeSource(pdf), resolveLimits());
  const view = doc.latest();
  const alloc = new NumberAllocator(doc);
  const old = readDss(view);
  const objects: NewObject[] = [];
  const refs = (kind: "certs" | "ocsps" | "crls"): PdfObject[] => {
    const fresh = (add[kind] ?? []).map((der) => {
      const num = alloc.take();
      objects.push({ num, stream: der });
      return ref(num);
    });
    const kept = o.dropOld ? [] : ((old?.[kind] ?? []) as PdfObject[]);
    return o.first ? [...fresh, ...kept] : [...kept, ...fresh];
  };
  const certs = refs("certs");
  const ocsps = refs("ocsps");
  const crls = refs("crls");
  const catalogRaw = rawGet(view.trailer, "Root");
  if (catalogRaw?.kind !== "ref") throw new Error("no /Root reference");
  const catalog = view.catalog();
  const dssRaw = rawGet(catalog, "DSS");
  const oldDict = view.resolve(dssRaw);
  let dss = oldDict?.kind === "dict" ? oldDict : dict({ Type: name("DSS") });
  dss = withEntry(dss, "Certs", arr(certs));
  dss = withEntry(dss, "OCSPs", arr(ocsps));
  dss = withEntry(dss, "CRLs", arr(crls));
  if (dssRaw?.kind === "ref" && oldDict?.kind === "dict") objects.push({ num: dssRaw.num, gen: dssRaw.gen, value: dss });
  else {
    const num = alloc.take();
    objects.push({ num, value: dss });
    objects.push({ num: catalogRaw.num, gen: catalogRaw.gen, value: withEntry(catalog, "DSS", ref(num)) });
  }
  return appendUpdate(doc, objects, alloc).bytes;
}

/** The DER streams the latest DSS lists. */
export function dssItems(pdf: Uint8Array): { certs: Uint8Array[]; ocsps: Uint8Array[]; crls: Uint8Array[] } {
  const doc = parsePdf(wholeSource(pdf), resolveLimits());
  const view = doc.latest();
  const dss = readDss(view);
  const read = (r: { num: number; gen: number }) => {
    const obj = view.object(r);
    if (obj?.value.kind !== "stream") throw new Error("DSS entry is not a stream");
    return view.decode(obj.value);
  };
  return { certs: (dss?.certs ?? []).map(read), ocsps: (dss?.ocsps ?? []).map(read), crls: (dss?.crls ?? []).map(read) };
}

export interface Verdict {
  indication: string;
  subIndication: string | null;
  exit: number;
  report: {
    checks: { id: string; status: string; subIndication: string | null; message: string }[];
    longTerm?: {
      protectedUntil: string | null;
      earliestProvenPoe: string | null;
      proofsOfExistence: { kind: string; field: string | null; genTime: string; proven: boolean; judgedAt: string; revocation: string }[];
    };
    seal?: { padesLevel?: string };
  };
}

/** `sealcheck verify <file> samples/valid/originals --trust samples/trust --json [extra]` with the built CLI. */
export function verify(file: string, extra: string[] = [], originals = "samples/valid/originals", trust = "samples/trust"): Verdict {
  const r = spawnSync("node", ["dist/cli/main.js", "verify", file, ...(originals ? [originals] : []), "--trust", trust, "--json", ...extra], {
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
  let report: Verdict["report"];
  try {
    report = JSON.parse(r.stdout) as Verdict["report"];
  } catch {
    throw new Error(`sealcheck gave no report (exit ${r.status}): ${r.stderr}`);
  }
  const top = report as unknown as { indication: string; subIndication: string | null };
  return { indication: top.indication, subIndication: top.subIndication, exit: r.status ?? -1, report };
}

/** One line per verdict, the checks that did not pass, and the proofs of existence. */
export function show(label: string, v: Verdict): void {
  console.log(
    `== sealcheck (${label}): ${v.indication}${v.subIndication ? ` / ${v.subIndication}` : ""}, exit ${v.exit}, PAdES ${v.report.seal?.padesLevel ?? "-"}`,
  );
  for (const c of v.report.checks)
    if (c.status !== "passed" && c.id !== "trust-anchors")
      console.log(`   ${c.id}: ${c.status}${c.subIndication ? ` ${c.subIndication}` : ""}: ${c.message.slice(0, 300)}`);
  const lt = v.report.longTerm;
  if (lt) {
    console.log(`   protected until ${lt.protectedUntil ?? "-"}, earliest proven POE ${lt.earliestProvenPoe ?? "-"}`);
    for (const p of lt.proofsOfExistence)
      console.log(`   POE ${p.kind} ${p.field ?? ""} ${p.genTime} proven=${p.proven} (judged at ${p.judgedAt}): ${p.revocation}`);
  }
}

/** A tool's output, trimmed (pdfsig, qpdf, openssl). */
export function tool(cmd: string, args: string[]): string {
  const r = spawnSync(cmd, args, { encoding: "utf8" });
  return `${r.stdout}${r.stderr}`.trim();
}

export function save(dir: string, fileName: string, bytes: Uint8Array): string {
  const p = join(dir, fileName);
  writeFileSync(p, bytes);
  return p;
}

export const pem = (label: string, der: Uint8Array): string =>
  `-----BEGIN ${label}-----\n${Buffer.from(der)
    .toString("base64")
    .replace(/(.{64})/g, "$1\n")
    .trimEnd()}\n-----END ${label}-----\n`;

/**
 * A v2 CRL as a CA writes one, with the scope extensions RFC 5280 §5.2 defines (the generator's createCrl): `idp`
 * an Issuing Distribution Point (critical), `deltaOf` a delta CRL indicator (critical, the base CRL's number).
 * Signed with the CA's key (test PKI), so it is the CA's genuine statement about its own scope.
 */
export const scopedCrl = (o: CrlOptions & { thisUpdate: Date; nextUpdate: Date }): Uint8Array => createCrl(o);

/** The seal's /Contents gap (the hex string with its brackets) from its /ByteRange: the bytes no signature covers. */
export function sealGap(pdf: Uint8Array): { start: number; end: number; der: Uint8Array } {
  const text = Buffer.from(pdf).toString("latin1");
  const m = /\/ByteRange\s*\[\s*0\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text);
  if (!m) throw new Error("no /ByteRange");
  const start = Number(m[1]);
  const end = Number(m[2]);
  const hex = text.slice(start + 1, end - 1);
  return { start, end, der: new Uint8Array(Buffer.from(hex, "hex")) };
}

/** `pdf` with the seal's /Contents replaced by `der`, zero-padded to the same length: no byte range changes. */
export function withSealContents(pdf: Uint8Array, der: Uint8Array): Uint8Array {
  return withContentsIn(pdf, sealGap(pdf), der);
}

/** `pdf` with the /Contents gap `[start, end)` (its hex string, brackets included) holding `der`, zero-padded. */
export function withContentsIn(pdf: Uint8Array, { start, end }: { start: number; end: number }, der: Uint8Array): Uint8Array {
  const room = (end - start - 2) / 2;
  if (der.length > room) throw new Error(`the CMS (${der.length} bytes) does not fit /Contents (${room})`);
  const out = new Uint8Array(pdf);
  out.set(
    Buffer.from(
      `<${Buffer.from(der)
        .toString("hex")
        .padEnd(room * 2, "0")}>`,
      "latin1",
    ),
    start,
  );
  return out;
}

/** With DSS=1 in the environment: EU DSS's verdict (../shared/tools/dss, offline, ~15 s), for comparison. */
export function dss(file: string, time?: string, trust = "samples/trust"): void {
  if (process.env.DSS !== "1") return;
  const bin = join(ROOT, "..", "shared", "tools", "dss", "dss-validate");
  if (!existsSync(bin)) return void console.log("== EU DSS: not installed here");
  const r = spawnSync(bin, ["--trust", trust, ...(time ? ["--time", time] : []), file], { encoding: "utf8" });
  for (const line of r.stdout.split("\n").filter(Boolean)) {
    const d = JSON.parse(line) as { signatures?: { indication: string; subIndication: string | null; format: string; errors?: string[] }[] };
    for (const s of d.signatures ?? [])
      console.log(
        `== EU DSS${time ? ` at ${time}` : ""}: ${s.indication}${s.subIndication ? ` / ${s.subIndication}` : ""} (${s.format}) ${(s.errors ?? []).join(" ")}`,
      );
  }
}
