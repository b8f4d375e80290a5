// Builds the browser page (issue 38): one self-contained HTML file, dist/web/sealcheck.html, that verifies an
// archive with the library's own code. web/worker.ts (the library and the browser's platform seam) is bundled
// first and inlined into the page's script, which starts it as a Web Worker from a blob: URL; the script is
// inlined into web/index.html under a Content-Security-Policy that allows that script (by its hash), that
// worker, inline styles and nothing else: no request can leave the page, and it works from file://.
//
// The platform seam: each module of src/platform/ is replaced by web/platform/<same name>.ts; node:path by a
// small shim; Buffer by the buffer package; any other node: built-in by a stub that throws if called (the
// page passes bytes, never paths). `--web-anchors <file>` (repeatable) bundles certificate files as anchors
// the page shows with their fingerprints and origin.
import { build } from "esbuild";
import { createHash, X509Certificate } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** The browser's build of the library: src/platform/X → web/platform/X, node: built-ins → shims. */
const browserPlatform = {
  name: "browser-platform",
  setup(b) {
    b.onResolve({ filter: /[\\/]platform[\\/][a-z-]+\.js$/ }, (a) => {
      if (!/[\\/]src[\\/]/.test(a.importer) && !/[\\/]src[\\/]/.test(a.resolveDir)) return undefined;
      const name = basename(a.path, ".js");
      return { path: join(root, "web/platform", `${name}.ts`) };
    });
    b.onResolve({ filter: /^(node:)?path$/ }, () => ({ path: join(root, "web/shims/path.ts") }));
    b.onResolve({ filter: /^node:/ }, () => ({ path: join(root, "web/shims/unavailable.cjs") }));
    // xml-crypto's helpers (trusted lists' canonicalisation) load Node's crypto for a function the library
    // never calls (reading a PEM certificate).
    b.onResolve({ filter: /^(crypto|util)$/ }, () => ({ path: join(root, "web/shims/unavailable.cjs") }));
    // The Redis replay store and the queue (ioredis, bullmq): never used by the page, out of its bundle.
    b.onResolve({ filter: /^(ioredis|bullmq)$/ }, () => ({ path: join(root, "web/shims/unavailable.cjs") }));
  },
};

/**
 * Builds the page; returns its path and size. `anchors`: certificate files to bundle.
 * @param {{ outdir?: string; anchors?: string[] }} o
 */
export async function buildWeb(o = {}) {
  const outdir = o.outdir ?? join(root, "dist/web");
  const common = {
    bundle: true,
    write: false,
    platform: "browser",
    target: ["chrome110", "firefox115", "safari16"],
    format: "iife",
    minify: true,
    legalComments: "none",
    logLevel: "warning",
  };
  const worker = await build({
    ...common,
    entryPoints: [join(root, "web/worker.ts")],
    plugins: [browserPlatform],
    inject: [join(root, "web/shims/buffer.ts")],
    mainFields: ["browser", "module", "main"],
  });
  const anchors = (o.anchors ?? []).map((file) => {
    const bytes = readFileSync(file);
    const text = bytes.toString("latin1");
    const ders = text.includes("-----BEGIN")
      ? [...text.matchAll(/-----BEGIN (?:TRUSTED )?CERTIFICATE-----([\s\S]*?)-----END/g)].map((m) => Buffer.from(m[1].replace(/\s+/g, ""), "base64"))
      : [bytes];
    const certificates = ders.map((der) => ({
      subject: new X509Certificate(der).subject.replace(/\n/g, ", "),
      sha256: createHash("sha256").update(der).digest("hex").toUpperCase(),
    }));
    return { name: basename(file), origin: file, certificates, base64: bytes.toString("base64") };
  });
  const main = await build({
    ...common,
    entryPoints: [join(root, "web/main.ts")],
    define: { WORKER_SOURCE: JSON.stringify(worker.outputFiles[0].text), BUNDLED_ANCHORS: JSON.stringify(anchors) },
  });
  // Inline: "</script" must not end the element early (in JS strings and regular expressions "<\/" is "</").
  const script = main.outputFiles[0].text.replace(/<\/(script)/gi, "<\\/$1").trimEnd();
  const hash = createHash("sha256").update(script).digest("base64");
  const csp = [
    "default-src 'none'",
    `script-src 'sha256-${hash}'`,
    "worker-src blob:",
    "style-src 'unsafe-inline'",
    "img-src data: blob:",
    "frame-src 'self' blob: about:",
    "connect-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
  ].join("; ");
  const template = readFileSync(join(root, "web/index.html"), "utf8");
  const html = template.replace("__CSP__", csp).replace(/<script>\s*__SCRIPT__;?\s*<\/script>/, () => `<script>${script}</script>`);
  mkdirSync(outdir, { recursive: true });
  const page = join(outdir, "sealcheck.html");
  writeFileSync(page, html);
  return { page, bytes: Buffer.byteLength(html), workerBytes: Buffer.byteLength(worker.outputFiles[0].text) };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const anchors = args.flatMap((a, i) => (args[i - 1] === "--web-anchors" ? [a] : []));
  const at = args.indexOf("--outdir");
  const r = await buildWeb({ anchors, ...(at >= 0 ? { outdir: args[at + 1] } : {}) });
  console.log(`${r.page}: ${r.bytes} bytes`);
}
