// Every option error names its option (issue 37, part 7): a SealcheckError(ERR_USAGE) whose message starts with
// a name ("at: …", "${name}: …") carries that option in `option` (the CLI puts its flag in the name's place,
// cli/io.ts inFlags), or the file in `file` when the name is a file's. A scan of src/ for the gap, and the
// case that had it: verifyArchive({ session, at }) threw "at: given with a session …" without `option`.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSession, verifyArchive, verifyIdToken, SealcheckError } from "../../src/index.js";
import { enqueueArchives, queueResults, runWorker } from "../../src/api/queue.js";
import { runCli } from "../helpers/cli.js";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith(".ts") ? [p] : [];
  });
}

/** The arguments of the call whose "(" is at `open`, split at its top-level commas (strings and templates skipped). */
function callArguments(src: string, open: number): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open; i < src.length; i++) {
    const c = src[i];
    if (c === '"' || c === "'" || c === "`") {
      for (i++; i < src.length && src[i] !== c; i++) {
        if (src[i] === "\\") i++;
        else if (c === "`" && src[i] === "$" && src[i + 1] === "{") {
          let d = 1;
          for (i += 2; d > 0 && i < src.length; i++) d += src[i] === "{" ? 1 : src[i] === "}" ? -1 : 0;
          i--;
        }
      }
      continue;
    }
    if (c === "(" || c === "{" || c === "[") depth++;
    else if (c === ")" || c === "}" || c === "]") {
      if (--depth === 0) {
        out.push(src.slice(start, i).trim());
        return out;
      }
    } else if (c === "," && depth === 1) {
      out.push(src.slice(start, i).trim());
      start = i + 1;
    }
  }
  return out;
}

/** Names at a message's start that are the function called, not an option (its options object as a whole). */
const FUNCTIONS = new Set(["augmentArchive", "verifyMany", "augmentMany", "createSession", "${fn}", "${caller}"]);
/** Known gaps: none (the worker's `augment` option, h6c's, names itself since session 7). */
const KNOWN = new Set<string>([]);

describe("option errors name their option", () => {
  it("every ERR_USAGE message that starts with a name passes that option (or the file) in the error", () => {
    const gaps: string[] = [];
    let named = 0;
    for (const file of sources("src")) {
      const src = readFileSync(file, "utf8");
      for (const m of src.matchAll(/new SealcheckError\(|\busage\(/g)) {
        const args = callArguments(src, m.index + m[0].length - 1);
        const helper = m[0] !== "new SealcheckError(";
        if (!helper && args[0] !== '"ERR_USAGE"') continue;
        const [message, ...rest] = helper ? args : args.slice(1);
        if (!message || !/^["'`]/.test(message)) continue; // a helper's own body: the message is its parameter
        const name = /^["'`](\$\{[^}]+\}|[A-Za-z][\w.]*)(?:\[\$\{\w+\}\])?: /.exec(message)?.[1];
        if (!name || FUNCTIONS.has(name)) continue;
        named++;
        const extra = rest.join(",");
        // The option or file given in place, or through a constant of the file that holds one ({ option: "at" }).
        const consts = [...extra.matchAll(/\b[A-Za-z_]\w*\b/g)].map((x) => x[0]);
        const passes =
          /\b(option|file)\b/.test(extra) || (helper && rest.length > 0) || consts.some((c) => new RegExp(`const ${c} = [^;]*\\b(option|file):`).test(src));
        const line = src.slice(0, m.index).split("\n").length;
        if (!passes && !KNOWN.has(`${file} ${name}`)) gaps.push(`${file}:${line} ${name}`);
      }
    }
    expect(named).toBeGreaterThan(30);
    expect(gaps).toEqual([]);
  });

  it("verifyArchive({ session, at }): the error's option is at, and its message starts with it", async () => {
    const session = createSession({ trust: ["samples/trust"] });
    const e = await verifyArchive({ evidence: "samples/valid/archive.pdf", session, at: "2025-01-01T00:00:00Z" }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(SealcheckError);
    expect(e).toMatchObject({ code: "ERR_USAGE", option: "at", message: expect.stringMatching(/^at: given with a session/) });
    const two = await verifyArchive({ evidence: "samples/valid/archive.pdf", session, at: "2025-01-01T00:00:00Z", limits: {} }).catch((x: unknown) => x);
    expect(two).toMatchObject({ option: "at", message: expect.stringMatching(/^at: given with a session, .*give it and limits to createSession\(\)/) });
    const s = await verifyArchive({ evidence: "samples/valid/archive.pdf", session: {} as never }).catch((x: unknown) => x);
    expect(s).toMatchObject({ option: "session" });
    const id = await verifyIdToken("x.y.z", { issuer: "https://example.test", audience: "a", keys: { keys: [] }, session, limits: {} } as never).catch(
      (x: unknown) => x,
    );
    expect(id).toMatchObject({ option: "limits", message: expect.stringMatching(/^limits: given with a session/) });
  });
});

describe("the queue's option errors name their option (the worker's augment option among them)", () => {
  // Checked before Redis is reached: nothing listens on port 1.
  const conn = { redis: "redis://127.0.0.1:1", queue: "q" };
  const worker: [Record<string, unknown>, string][] = [
    [{ augment: { tsa: "", inPlace: true } }, "augment"],
    [{ augment: { tsa: "http://tsa.test/", outDir: "/out", inPlace: true } }, "augment"],
    [{ augment: { tsa: "http://tsa.test/", outDir: "relative" } }, "augment.outDir"],
    [{ augment: { tsa: "http://tsa.test/", inPlace: true, expiringBefore: "soon" } }, "augment.expiringBefore"],
    [{ concurrency: 0 }, "concurrency"],
    [{ lockDurationMs: 5 }, "lockDurationMs"],
    [{ stalledIntervalMs: 2 ** 31 }, "stalledIntervalMs"],
    [{ handBackMs: 1.5 }, "handBackMs"],
    [{ maxStalledCount: 0 }, "maxStalledCount"],
    [{ reports: "some" }, "reports"],
    [{ healthFile: "" }, "healthFile"],
    [{ healthIntervalMs: 5 }, "healthIntervalMs"],
    [{ resultKey: new Uint8Array(3) }, "resultKey"],
    [{ resultKey: "key" }, "resultKey"],
  ];
  it.each(worker)("runWorker(%o): option %s, named at the message's start", async (o, option) => {
    const e = await runWorker({ ...conn, ...o } as never).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(SealcheckError);
    expect(e).toMatchObject({ code: "ERR_USAGE", option, message: expect.stringMatching(new RegExp(`^${option.replace(".", "\\.")}: `)) });
  });

  const add: [Record<string, unknown>, string][] = [
    [{ kind: "delete" }, "kind"],
    [{ attempts: 0 }, "attempts"],
    [{ keepFinishedSeconds: 0 }, "keepFinishedSeconds"],
    [{ groupSize: 1001 }, "groupSize"],
    [{ groupBytes: -1 }, "groupBytes"],
    [{ resultKey: new Uint8Array(4097) }, "resultKey"],
  ];
  it.each(add)("enqueueArchives(%o): option %s", async (o, option) => {
    const e = await enqueueArchives(["samples/valid"], { ...conn, ...o } as never).catch((x: unknown) => x);
    expect(e).toMatchObject({ code: "ERR_USAGE", option, message: expect.stringMatching(new RegExp(`^${option}: `)) });
  });

  it("queueResults({ from }) and the command line, which puts its flag in the option's place", async () => {
    const e = await queueResults({ ...conn, from: "yesterday" })
      .next()
      .catch((x: unknown) => x);
    expect(e).toMatchObject({ option: "from", message: expect.stringMatching(/^from: not a results cursor/) });
    const cli = runCli(["worker", "--redis", conn.redis, "--queue", "q", "--concurrency", "0"]);
    expect([cli.code, cli.stderr]).toEqual([3, "sealcheck: --concurrency: the worker threads must be a whole number ≥ 1, not 0\n"]);
  });
});
