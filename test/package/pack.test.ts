// The package as users get it: packed, unpacked from the tarball into fresh ES-module and CommonJS projects
// whose node_modules link only the package's declared dependencies to the ones `npm ci` installed here
// (offline and fast; a dependency the code needs but package.json does not declare fails to load), the
// library examples of the README and docs/ type-checked against the shipped declarations and run against the
// installed code.
// The build goes to its own directory, with the type declarations (the global setup builds dist/ without them).
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../helpers/fixtures.js";

const repo = resolve(".");
const tsc = join(repo, "node_modules/typescript/bin/tsc");
const npm = (args: string[], cwd: string): string =>
  execFileSync("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, npm_config_update_notifier: "false" },
  });

/** The ```ts blocks of the README and of docs/*.md (the user documentation, published with the package). */
function tsBlocks(): string[] {
  const pages = [
    "README.md",
    ...readdirSync("docs")
      .filter((f) => f.endsWith(".md"))
      .map((f) => join("docs", f)),
  ];
  return pages.flatMap((p) => [...readFileSync(p, "utf8").matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!));
}

/** The documentation's ```ts blocks that import from "sealcheck" (not from "sealcheck/queue": queueExamples). */
function readmeExamples(): string[] {
  return tsBlocks().filter((b) => /from "sealcheck"|require\("sealcheck"\)/.test(b) && !b.includes('"sealcheck/queue"'));
}

/** The documentation's ```ts blocks that import from "sealcheck/queue" (bullmq and ioredis installed). */
function queueExamples(): string[] {
  return tsBlocks().filter((b) => b.includes('from "sealcheck/queue"'));
}

// What the examples leave to the reader (the receiver's own functions, a Redis client).
const PRELUDE = `declare function getAccessToken(): Promise<string>;
declare function startSession(sender: string, claims: Record<string, unknown>): Promise<void>;
declare const redis: { set(key: string, value: string, options: object): Promise<string | null> };
`;

function tsconfig(module: "nodenext"): string {
  return JSON.stringify({
    compilerOptions: {
      target: "ES2022",
      module,
      moduleResolution: module,
      strict: true,
      outDir: "out",
      rootDir: ".",
      types: ["node"],
      typeRoots: [join(repo, "node_modules/@types")],
      skipLibCheck: false,
    },
    include: ["*.ts", "*.cts"],
  });
}

/**
 * A project like a user's, with archive.pdf, originals/, roots/ and archive/<case>/ from the samples; its
 * node_modules holds the package's dependencies, and of its optional peer dependencies those in `peers`.
 */
function project(type: "module" | "commonjs", tarball: string, peers: string[] = []): string {
  const dir = tempDir(`sealcheck-${type}-`);
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: `user-${type}`, private: true, type }));
  const modules = join(dir, "node_modules");
  mkdirSync(join(modules, "sealcheck"), { recursive: true });
  execFileSync("tar", ["-xzf", tarball, "-C", join(modules, "sealcheck"), "--strip-components=1"]);
  const declared = JSON.parse(readFileSync(join(modules, "sealcheck/package.json"), "utf8")) as { dependencies: Record<string, string> };
  for (const dep of [...Object.keys(declared.dependencies), ...peers]) {
    mkdirSync(dirname(join(modules, dep)), { recursive: true }); // a scoped name (@xmldom/xmldom) lives one level down
    symlinkSync(join(repo, "node_modules", dep), join(modules, dep), "dir");
  }
  cpSync("samples/valid/archive.pdf", join(dir, "archive.pdf"));
  cpSync("samples/valid/originals", join(dir, "originals"), { recursive: true });
  cpSync("samples/trust", join(dir, "roots"), { recursive: true });
  mkdirSync(join(dir, "archive/case-1"), { recursive: true });
  cpSync("samples/valid/archive.pdf", join(dir, "archive/case-1/archive.pdf"));
  cpSync("samples/valid/originals", join(dir, "archive/case-1/originals"), { recursive: true });
  writeFileSync(join(dir, "tsconfig.json"), tsconfig("nodenext"));
  return dir;
}

const run = (file: string, cwd: string): string => execFileSync(process.execPath, [file], { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

describe("the npm package", () => {
  let tarball = "";
  beforeAll(() => {
    const stage = tempDir("sealcheck-stage-");
    for (const f of ["package.json", "README.md", "LICENSE", "CHANGELOG.md", "SECURITY.md"]) cpSync(f, join(stage, f));
    for (const d of ["schemas", "docs"]) cpSync(d, join(stage, d), { recursive: true });
    execFileSync(process.execPath, ["scripts/build.mjs", "--outdir", join(stage, "dist")], { stdio: "ignore" });
    const out = JSON.parse(npm(["pack", "--json", "--ignore-scripts", "--pack-destination", stage], stage)) as { filename: string }[];
    tarball = join(stage, out[0]!.filename);
  }, 120_000);

  it("holds what runs and its documentation: no tests, scripts, samples, keys or caches", () => {
    const listed = JSON.parse(npm(["pack", "--dry-run", "--json", "--ignore-scripts"], repo)) as { files: { path: string }[] }[];
    const files = listed[0]!.files.map((f) => f.path);
    for (const f of ["LICENSE", "CHANGELOG.md", "SECURITY.md", "README.md", "package.json"]) expect(files).toContain(f);
    expect(files.filter((f) => /^(test|scripts|samples|cli|src|\.ci|\.bench)\//.test(f))).toEqual([]);
    expect(files.filter((f) => /\.(key|p12|pfx|v8cache|tmp|log)$|private/i.test(f))).toEqual([]);
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as Record<string, Record<string, unknown>>;
    expect(Object.keys(pkg.dependencies!)).not.toContain("pdf-lib");
    expect(pkg.exports!["."]).toEqual({ types: "./dist/src/index.d.ts", default: "./dist/src/index.js" });
    expect(pkg.exports!["./queue"]).toEqual({ types: "./dist/src/api/queue.d.ts", default: "./dist/src/api/queue.js" });
    expect(pkg.exports!["./dev-token"]).toEqual({ types: "./dist/src/api/dev-token.d.ts", default: "./dist/src/api/dev-token.js" });
    // The queue's libraries are optional peers: not installed with the package, in no dependency list of it.
    expect(Object.keys(pkg.dependencies!)).not.toContain("bullmq");
    expect(Object.keys(pkg.dependencies!)).not.toContain("ioredis");
    expect(pkg.peerDependenciesMeta).toEqual({ bullmq: { optional: true }, ioredis: { optional: true } });
    expect(pkg.exports!["./package.json"]).toBe("./package.json");
  });

  it("builds when packed, never when installed; the Quick start builds before it runs the CLI", () => {
    // The published package.json: no script npm runs in a user's install (prepare, preinstall, install,
    // postinstall); the build is prepack's, so `npm pack`/`npm publish` ship a fresh dist/.
    const packed = tempDir("sealcheck-unpacked-");
    execFileSync("tar", ["-xzf", tarball, "-C", packed, "--strip-components=1", "package/package.json"]);
    const scripts = (JSON.parse(readFileSync(join(packed, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
    for (const hook of ["prepare", "preinstall", "install", "postinstall", "prepublish"]) expect(Object.keys(scripts)).not.toContain(hook);
    expect(scripts.prepack).toBe("node scripts/build.mjs");
    // A fresh clone has no dist/ after `npm ci` (nothing builds it there): the Quick start's first command
    // builds before `npx sealcheck`, whose bin is dist/cli/main.js.
    const quick = /## Quick start\n\n```sh\n([^\n]*)\n/.exec(readFileSync("README.md", "utf8"))?.[1];
    const steps = quick!.split("&&").map((x) => x.trim());
    expect(steps[0]).toBe("npm ci");
    expect(steps.indexOf("npm run build")).toBeGreaterThan(0);
    expect(steps.findIndex((x) => x.startsWith("npx sealcheck "))).toBeGreaterThan(steps.indexOf("npm run build"));
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { bin: Record<string, string>; scripts: Record<string, string> };
    expect(pkg.bin.sealcheck).toBe("dist/cli/main.js");
    expect(pkg.scripts.build).toBe("node scripts/build.mjs");
    // And what it runs works: the built CLI (here the packed one) verifies the Quick start's sample.
    const args = steps
      .find((x) => x.startsWith("npx sealcheck "))!
      .split(/\s+/)
      .slice(2);
    const cli = join(project("module", tarball), "node_modules/sealcheck/dist/cli/main.js");
    expect(execFileSync(process.execPath, [cli, ...args], { encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } })).toMatch(/^Verdict: TOTAL-PASSED/);
  });

  it("ES module project: the README's examples type-check and run; the library imports its dependencies", () => {
    const dir = project("module", tarball);
    const examples = readmeExamples().filter((e) => !e.includes("require("));
    expect(examples.length).toBeGreaterThanOrEqual(4);
    examples.forEach((e, i) => writeFileSync(join(dir, `example-${i}.ts`), `${PRELUDE}${e}\nexport {};\n`));
    execFileSync(process.execPath, [tsc, "-p", "."], { cwd: dir, encoding: "utf8" });
    // Those that need no network or server: the archive examples.
    const runnable = examples.map((e, i) => [e, i] as const).filter(([e]) => /verifyArchive\(|verifyMany\(/.test(e));
    expect(runnable.length).toBe(3);
    for (const [, i] of runnable) {
      const stdout = run(`out/example-${i}.js`, dir);
      if (readFileSync(join(dir, `example-${i}.ts`), "utf8").includes("verifyArchive(")) expect(stdout).toContain("TOTAL-PASSED");
    }
    // The receiver's trials with test-only tokens (sealcheck/dev-token): offline, so run too.
    const dev = examples.findIndex((e) => e.includes('from "sealcheck/dev-token"'));
    expect(dev).toBeGreaterThanOrEqual(0);
    expect(run(`out/example-${dev}.js`, dir)).toBe(
      "replay: TOTAL-PASSED then TOTAL-FAILED replay\nrotation: NO_SIGNING_CERTIFICATE_FOUND then TOTAL-PASSED\nexpiry: EXPIRED\n",
    );
    // jose, pkijs, asn1js are installed beside sealcheck and loaded from there, not copied into it.
    const installed = join(dir, "node_modules/sealcheck/dist");
    const code = readdirSync(installed, { recursive: true })
      .filter((f) => String(f).endsWith(".js") && !String(f).startsWith("cli"))
      .map((f) => readFileSync(join(installed, String(f)), "utf8"))
      .join("\n");
    expect(code).toMatch(/from "jose"/);
    expect(code).toMatch(/from "pkijs"/);
    for (const d of ["jose", "pkijs", "asn1js", "commander"]) expect(readdirSync(join(dir, "node_modules"))).toContain(d);
    expect(readdirSync(join(dir, "node_modules"))).not.toContain("pdf-lib");
    // Installed without the optional peers: `import "sealcheck"` loads (a static import of bullmq or ioredis
    // anywhere it reaches would fail here), and "sealcheck/queue" loads too, its first call naming what to install.
    for (const d of ["bullmq", "ioredis"]) expect(readdirSync(join(dir, "node_modules"))).not.toContain(d);
    writeFileSync(
      join(dir, "no-peers.mjs"),
      `import * as main from "sealcheck";
import { RedisReplayStore, queueStatus } from "sealcheck/queue";
if (typeof main.verifyArchive !== "function" || "runWorker" in main || "RedisReplayStore" in main) throw new Error("entries");
await queueStatus({ redis: "redis://127.0.0.1:9", queue: "q" }).then(
  () => console.log("no error"),
  (e) => console.log(e.code, e.message),
);
await new RedisReplayStore("redis://127.0.0.1:9").markUsed("iss id", new Date(Date.now() + 60000)).then(
  () => console.log("no error"),
  (e) => console.log(e.name, e.message),
);
`,
    );
    const lines = run("no-peers.mjs", dir).trim().split("\n");
    expect(lines[0]).toMatch(/^ERR_USAGE .*need ioredis, an optional dependency that is not installed \(npm install bullmq ioredis\)/);
    expect(lines[1]).toMatch(/need ioredis, an optional dependency that is not installed/);
    // The CLI runs from the install too (bundled, its own worker beside it).
    const cli = execFileSync(process.execPath, [join(dir, "node_modules/sealcheck/dist/cli/main.js"), "--version"], { encoding: "utf8" });
    expect(cli.trim()).toContain(JSON.parse(readFileSync("package.json", "utf8")).version);
  }, 180_000); // tsc over a fresh project: ~15 s of CPU, longer when the suite shares the cores

  it("with bullmq and ioredis installed, the README's sealcheck/queue examples type-check", () => {
    const dir = project("module", tarball, ["bullmq", "ioredis"]);
    const examples = queueExamples();
    expect(examples.length).toBeGreaterThanOrEqual(2);
    examples.forEach((e, i) => writeFileSync(join(dir, `queue-${i}.ts`), `${PRELUDE}${e}\nexport {};\n`));
    execFileSync(process.execPath, [tsc, "-p", "."], { cwd: dir, encoding: "utf8" });
  }, 180_000); // tsc over a fresh project: ~15 s of CPU, longer when the suite shares the cores

  it("CommonJS project: require() of the package type-checks and runs", () => {
    const dir = project("commonjs", tarball);
    const [example] = readmeExamples().filter((e) => e.includes("require("));
    expect(example).toBeDefined();
    writeFileSync(join(dir, "example.ts"), example!);
    execFileSync(process.execPath, [tsc, "-p", "."], { cwd: dir, encoding: "utf8" });
    expect(run("out/example.js", dir)).toContain("TOTAL-PASSED");
    // The exports map's package.json entry (tools read it).
    const meta = execFileSync(process.execPath, ["-p", 'require("sealcheck/package.json").name'], { cwd: dir, encoding: "utf8" });
    expect(meta.trim()).toBe("sealcheck");
    // The JSON Schemas are published with the package.
    const schema = execFileSync(process.execPath, ["-p", 'require("sealcheck/schemas/report.schema.json").title'], { cwd: dir, encoding: "utf8" });
    expect(schema.trim()).toBe("sealcheck verification report");
  }, 180_000); // tsc over a fresh project: ~15 s of CPU, longer when the suite shares the cores

  it("the API reference (TypeDoc, from the TSDoc comments) builds and names every type the public API uses", () => {
    // A warning is a type reachable from the API that users cannot import, or a broken {@link}.
    execFileSync(process.execPath, ["node_modules/typedoc/bin/typedoc", "--treatWarningsAsErrors", "--emit", "none"], { encoding: "utf8", stdio: "pipe" });
  }, 240_000); // TypeDoc type-checks the whole program (three entries): ~25 s idle, over 60 s on two busy cores
});
