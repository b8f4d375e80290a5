// Every option error names its option (issue 37, part 7): a SealcheckError(ERR_USAGE) whose message starts with
// a name ("at: …", "${name}: …") carries that option in `option` (the CLI puts its flag in the name's place,
// cli/io.ts inFlags), or the file in `file` when the name is a file's. A scan of src/ for the gap, and the
// case that had it: verifyArchive({ session, at }) threw "at: given with a session …" without `option`.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSession, verifyArchive, verifyIdToken, SealcheckError } from "../../src/index.js";

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
/** Known gaps in files another helper owns this session (src/queue, h6c): the worker's `augment` option. */
const KNOWN = new Set(["src/queue/worker.ts augment"]);

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
