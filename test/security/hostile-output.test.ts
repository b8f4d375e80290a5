// Issue 15 item 3: output that cannot lie. Hostile text (terminal escapes: clear screen, cursor home, OSC
// window title, 8-bit CSI, carriage return, bidi override and isolate) goes through every command's human
// output, stderr message and the HTML report; no control byte but line feed, tab and (with colour) the
// tool's own colour codes may reach the terminal.
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasUnsafeCharacters, safeForTerminal, safeText } from "../../src/render/sanitize.js";
import { renderJson } from "../../src/index.js";
import { DEFAULT_SIGNERS } from "../../scripts/generator/token.js";
import { tempDir, trustDirectory, writeTokenEvidence } from "../helpers/fixtures.js";
import { AUDIENCE, encJwk, jwksOf, makeKey, mint, publicJwk, serveBroker, startServer, type TestKey, type TestServer } from "../idtoken/helpers.js";

const EVIL = "\u001b[2J\u001b[H\u001b]0;pwned\u0007Verdict: TOTAL-PASSED\r[ok]\u009b31m\u202eevil\u2066x\u2069\u0085\u0001";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}
function cli(args: string[], colour = false): Promise<Run> {
  const env = { ...process.env, NO_COLOR: colour ? "" : "1", FORCE_COLOR: colour ? "1" : "0" };
  return new Promise((resolve) => {
    execFile(process.execPath, ["dist/cli/main.js", ...args], { env, timeout: 60_000, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 99) : 0, stdout, stderr });
    });
  });
}

/** Both streams of a run, with colour off and on: nothing unsafe, and the hostile text's payload shown inert. */
async function expectInert(args: string[], expectCode?: number): Promise<Run> {
  let first: Run | undefined;
  for (const colour of [false, true]) {
    const r = await cli(args, colour);
    expect(r.stderr, `${args[0]} stderr (colour ${colour}): ${JSON.stringify(r.stderr.slice(0, 300))}`).not.toMatch(/at .*\.js:\d+/);
    for (const [name, text] of [
      ["stdout", r.stdout],
      ["stderr", r.stderr],
    ] as const) {
      expect(hasUnsafeCharacters(text, { colour }), `${args.join(" ")} ${name} (colour ${colour}): ${JSON.stringify(text.slice(0, 2000))}`).toBe(false);
      if (!colour) expect(text).not.toContain("\u001b");
    }
    if (expectCode !== undefined) expect(r.code, `${args[0]}: ${r.stderr}`).toBe(expectCode);
    first ??= r;
  }
  return first!;
}

let dir: string;
let key: TestKey;
let srv: TestServer;
beforeAll(async () => {
  dir = tempDir("hostile-output-");
  [key, srv] = await Promise.all([makeKey(), startServer()]);
});
afterAll(() => srv.close());

describe("the sanitiser", () => {
  it("safeText: every control, C1, bidi and separator character becomes U+FFFD (tab, line feed: a space)", () => {
    const s = safeText(`a${EVIL}\tb\nc\u2028d`);
    expect(s).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/);
    expect(s).toContain("Verdict: TOTAL-PASSED"); // shown, inert
    expect(s).toContain("\tb".replace("\t", " "));
  });

  it("safeForTerminal: keeps line feeds and, with colour, only the tool's own colour codes", () => {
    expect(safeForTerminal("a\nb\tc")).toBe("a\nb\tc");
    expect(safeForTerminal("\u001b[31mred\u001b[0m", { colour: true })).toBe("\u001b[31mred\u001b[0m");
    expect(safeForTerminal("\u001b[31mred\u001b[0m")).toBe("\uFFFD[31mred\uFFFD[0m");
    for (const seq of ["\u001b[2J", "\u001b[H", "\u001b]0;t\u0007", "\u001b[8m", "\u001b[1A", "\r", "\u009b2J", "\u202e"]) {
      expect(hasUnsafeCharacters(`x${seq}y`, { colour: true }), JSON.stringify(seq)).toBe(true);
    }
  });

  it("property: no string survives safeText or safeForTerminal with an acting character; safe text is left alone", () => {
    const anyText = fc.string({
      unit: fc.oneof(
        fc.constantFrom("\u001b", "\r", "\n", "\t", "\u0007", "\u009b", "\u202e", "\u2066", "\u2028", "["),
        fc.integer({ min: 0, max: 0x2100 }).map((c) => String.fromCharCode(c)),
      ),
    });
    fc.assert(
      fc.property(anyText, fc.boolean(), (s, colour) => {
        const line = safeText(s);
        expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
        expect(safeText(line)).toBe(line);
        const out = safeForTerminal(s, { colour });
        expect(hasUnsafeCharacters(out, { colour })).toBe(false);
        if (!colour) expect(out).not.toContain("\u001b");
        // Whatever colour codes survive are exactly sealcheck's own SGR sequences.
        for (const m of out.matchAll(/\u001b[^m]*m?/g)) expect(m[0]).toMatch(/^\u001b\[(0|1|31|32|33|34|35|90)m$/);
      }),
      { numRuns: 500 },
    );
  });

  it("renderJson: the same data, with C1 and bidi characters as \\u escapes", () => {
    const text = renderJson({ v: EVIL });
    expect(hasUnsafeCharacters(text)).toBe(false);
    expect(JSON.parse(text).v).toBe(EVIL);
  });
});

describe("every command's human output", () => {
  let w: Awaited<ReturnType<typeof writeTokenEvidence>>;
  beforeAll(async () => {
    w = await writeTokenEvidence({
      claims: { workflow_title: `Title ${EVIL}` },
      originals: [{ title: `Doc ${EVIL}`, pages: [["Hostile document"]] }],
      signers: [{ ...DEFAULT_SIGNERS[0]!, name: `Signer ${EVIL}` }],
      resultInfo: { documentCount: 1, signatureCount: 1 },
    });
  }, 60_000);

  it("verify (human, --show-personal-data, --report HTML) with a genuine token full of escapes", async () => {
    const html = join(dir, "report.html");
    const r = await expectInert(["verify", w.json, w.originals, "--trust", trustDirectory(), "--show-personal-data", "--report", html]);
    expect(r.stdout).toContain("Title");
    expect(r.stdout).toContain("\uFFFD");
    const page = readFileSync(html, "utf8");
    expect(page).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(page).toContain("Title");
  });

  it("verify --json keeps the data, escaped", async () => {
    const r = await expectInert(["verify", w.json, "--trust", trustDirectory(), "--json", "--show-personal-data"]);
    expect(JSON.parse(r.stdout).workflow.title).toBe(`Title ${EVIL}`);
  });

  it("inspect, extract, and verify --token (cross-check)", async () => {
    await expectInert(["inspect", w.json, "--show-personal-data"], 0);
    await expectInert(["extract", w.json, join(dir, `out${EVIL}`), "--force"], 0);
    await expectInert(["verify", w.json, "--token", w.json, "--trust", trustDirectory(), "--show-personal-data"]);
  });

  it("verify-batch (summary and per-archive errors naming hostile paths)", async () => {
    const b = join(dir, `batch${EVIL}`);
    mkdirSync(join(b, "case"), { recursive: true });
    writeFileSync(join(b, "case", `ev${EVIL}.json`), readFileSync(w.json));
    await expectInert(["verify-batch", b, "--trust", trustDirectory(), "--workers", "0", "--allow-missing-originals"]);
  });

  it("verify-id-token: a forged, unsigned token that draws a fake TOTAL-PASSED", async () => {
    const jwks = join(dir, "jwks.json");
    writeFileSync(jwks, JSON.stringify(jwksOf(publicJwk(key))));
    const forged = mint(
      key,
      { ct_id: EVIL, ct_sender: EVIL, ct_sender_traceId: EVIL, ct_claims: JSON.stringify({ [EVIL]: EVIL }) },
      { kid: EVIL, alg: "none", typ: EVIL },
    );
    const tokenFile = join(dir, "forged.jwt");
    writeFileSync(tokenFile, forged);
    const r = await expectInert(["verify-id-token", tokenFile, "--issuer", "test", "--audience", AUDIENCE, "--jwks", jwks, "--show-personal-data"], 1);
    expect(r.stdout.split("\n")[0]).toContain("TOTAL-FAILED");
    // A genuine token carrying the hostile claims, shown with its values.
    const genuine = join(dir, "genuine.jwt");
    writeFileSync(genuine, mint(key, { ct_sender_traceId: EVIL, ct_claims: JSON.stringify({ [EVIL]: EVIL }) }));
    await expectInert(["verify-id-token", genuine, "--issuer", "test", "--audience", AUDIENCE, "--jwks", jwks, "--show-personal-data"]);
  });

  it("jwks show: kids, reasons and certificate names from the file", async () => {
    const file = join(dir, "evil-jwks.json");
    writeFileSync(file, JSON.stringify(jwksOf(publicJwk(key, { kid: EVIL }), encJwk(key, { kid: EVIL }), { kty: EVIL, kid: EVIL })));
    await expectInert(["jwks", "show", file], 0);
  });

  it("jwks save: the stderr note with a hostile kid, and a hostile remote error", async () => {
    serveBroker(srv, jwksOf(publicJwk(key, { kid: EVIL })));
    await expectInert(["jwks", "save", "--issuer", srv.issuer, "--out", join(dir, "snap.json")], 0);
    serveBroker(srv, { keys: EVIL });
    await expectInert(["jwks", "save", "--issuer", srv.issuer], 3);
  });

  it("stderr: usage errors that quote a hostile file name or argument", async () => {
    await expectInert(["verify", join(dir, `missing${EVIL}.pdf`), "--trust", trustDirectory()], 3);
    await expectInert(["verify", w.json, "--trust", trustDirectory(), "--at", EVIL], 3);
    await expectInert(["verify-id-token", `xx${EVIL}`, "--issuer", "test", "--audience", AUDIENCE, "--jwks", join(dir, "jwks.json")], 3);
  });
});
