// The augment bench (npm run bench -- --only augment): the 300-archive corpus taken to PAdES-BASELINE-LTA
// against a TSA on 127.0.0.1 (scripts/generator/servers.ts, RSA-2048 over the test PKI), the TSA certificate's
// OCSP response given as a file. Two measures: the library in one process (augmentArchive, one archive after
// the other: what a preservation service calls), and the CLI, one process per archive (cold starts included).
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { createOcspResponse, loadPki, startTsa } from "../generator/index.js";
import { augmentArchive } from "../../src/api/internal.js";

export interface AugmentBenchOptions {
  cli: string;
  archivesDir: string;
  trust: string;
  /** Archives run through the CLI (one process each). */
  cliSample: number;
  log: (s: string) => void;
}

const runCli = (cli: string, args: string[]): Promise<number | null> =>
  new Promise((resolve) => {
    const p = spawn(process.execPath, [cli, ...args], { stdio: "ignore" });
    p.on("close", (code) => resolve(code));
  });

export async function benchAugment(o: AugmentBenchOptions): Promise<{ rows: { metric: string; value: string }[]; notes: string[] }> {
  const pki = loadPki("samples/pki");
  const tsa = await startTsa(pki.tsa);
  const dir = mkdtempSync(join(tmpdir(), "bench-augment-"));
  const notes: string[] = [];
  const rows: { metric: string; value: string }[] = [];
  try {
    const ocsp = join(dir, "tsa.ocsp.der");
    const now = new Date();
    writeFileSync(ocsp, createOcspResponse({ subject: pki.tsa, issuer: pki.tsaRoot, responder: pki.tsaRoot, producedAt: now, thisUpdate: now }));
    // The corpus: <day>/<workflow>/archive.pdf.
    const files = (readdirSync(o.archivesDir, { recursive: true }) as string[])
      .filter((n) => n.endsWith("archive.pdf"))
      .sort()
      .map((n) => join(o.archivesDir, n));
    if (!files.length) throw new Error(`augment bench: no archive.pdf under ${o.archivesDir}`);
    o.log(`augment: ${files.length} archives through augmentArchive, one process`);
    let bytesIn = 0;
    let bytesOut = 0;
    let failures = 0;
    const t = process.hrtime.bigint();
    for (const f of files) {
      try {
        const r = await augmentArchive({ evidence: f, tsa: tsa.url, trust: [o.trust], ocsp: [ocsp] });
        bytesIn += r.inputLength;
        bytesOut += r.bytes.length;
        if (r.after.padesLevel !== "B-LTA" || r.after.indication !== "TOTAL-PASSED") failures++;
      } catch (e) {
        failures++;
        if (failures <= 3) notes.push(`augment failed on ${f}: ${(e as Error).message}`);
      }
    }
    const s = Number(process.hrtime.bigint() - t) / 1e9;
    rows.push({ metric: `augment: ${files.length} archives, library, one process`, value: `${s.toFixed(1)} s, ${(files.length / s).toFixed(1)} archives/s` });
    rows.push({
      metric: "augment: bytes added per archive (DSS + document timestamp)",
      value: `${((bytesOut - bytesIn) / Math.max(1, files.length - failures) / 1024).toFixed(1)} KiB`,
    });
    if (failures) notes.push(`augment: ${failures} archive(s) were not augmented to a TOTAL-PASSED B-LTA (figures not valid)`);
    const sample = files.slice(0, o.cliSample);
    o.log(`augment: ${sample.length} archives through the CLI, one process each`);
    const t2 = process.hrtime.bigint();
    let cliFailures = 0;
    for (const [i, f] of sample.entries()) {
      const code = await runCli(o.cli, ["augment", f, "--out", join(dir, `${i}.pdf`), "--tsa", tsa.url, "--trust", o.trust, "--ocsp", ocsp]);
      if (code !== 0) cliFailures++;
    }
    const s2 = Number(process.hrtime.bigint() - t2) / 1e9;
    rows.push({
      metric: `augment: ${sample.length} archives, CLI, one process each`,
      value: `${(s2 / sample.length).toFixed(2)} s each, ${(sample.length / s2).toFixed(1)} archives/s`,
    });
    rows.push({ metric: "augment: TSA requests answered (loopback)", value: String(tsa.requests) });
    if (cliFailures) notes.push(`augment: the CLI exited non-zero on ${cliFailures} archive(s) (figures not valid)`);
    // The whole folder in one command (augment <dir> --out-dir): discovery, worker threads, the journal.
    o.log(`augment: the folder ${o.archivesDir} through one CLI process (--out-dir, worker threads)`);
    const t3 = process.hrtime.bigint();
    const folderCode = await runCli(o.cli, [
      "augment",
      o.archivesDir,
      "--out-dir",
      join(dir, "folder"),
      "--tsa",
      tsa.url,
      "--trust",
      o.trust,
      "--ocsp",
      ocsp,
      "--no-progress",
      "--json",
    ]);
    const s3 = Number(process.hrtime.bigint() - t3) / 1e9;
    const written = (readdirSync(join(dir, "folder"), { recursive: true }) as string[]).filter((n) => n.endsWith("archive.pdf")).length;
    rows.push({
      metric: `augment: the folder (${written} archives), one CLI process, --out-dir, ${availableParallelism()} worker thread(s)`,
      value: `${s3.toFixed(1)} s, ${(written / s3).toFixed(1)} archives/s`,
    });
    if (folderCode !== 0 || written !== files.length)
      notes.push(`augment: the folder run exited ${String(folderCode)} with ${written} of ${files.length} archives written (figures not valid)`);
  } finally {
    await tsa.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return { rows, notes };
}
