// The receiver's example server (samples/receiver/server.mjs, printed in docs/id-tokens.md) as a process: garbage
// bodies are 400/413/404 and never stop it; with a loopback stand-in for the broker's exchange endpoint and a
// sealcheck dev-token key set, a transfer starts a session (204) and its replay is refused (403).
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { tempDir } from "../helpers/fixtures.js";

const SERVER = "samples/receiver/server.mjs";
let proc: ChildProcess;
let port: number;
let log = "";
let broker: Server;
/** What the stand-in broker answers to the next exchange. */
let nextToken = "";

function post(path: string, body: string | Buffer, method = "POST"): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, method, headers: { "content-type": "application/json" } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode!));
    });
    // A server that answers before reading everything (413) may close while the body is still being sent.
    req.on("error", (e: NodeJS.ErrnoException) => (e.code === "EPIPE" || e.code === "ECONNRESET" ? resolve(-1) : reject(e)));
    req.end(body);
  });
}

beforeAll(async () => {
  const dir = join(tempDir("sealcheck-receiver-"), "keys");
  expect(runCli(["dev-token", "keys", dir]).code).toBe(0);
  broker = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      if (req.url !== "/op/api/v1/controlledTransfer/exchange" || req.method !== "POST") return void res.writeHead(404).end();
      const { ct_id: id } = JSON.parse(Buffer.from(nextToken.split(".")[1]!, "base64url").toString()) as { ct_id: string };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ id, idToken: nextToken, senderTraceIdentifier: "dev-trace" }));
    });
  });
  await new Promise<void>((r) => broker.listen(0, "127.0.0.1", r));
  const brokerPort = (broker.address() as AddressInfo).port;
  proc = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      PORT: "0",
      ISSUER: "sealcheck-dev",
      JWKS: join(dir, "jwks-1.json"),
      BROKER: `http://127.0.0.1:${brokerPort}/op`,
      RECEIVER: "DK12345678",
      SENDERS: "DK87654321",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout!.on("data", (d: Buffer) => (log += d.toString()));
  proc.stderr!.on("data", (d: Buffer) => (log += d.toString()));
  port = await new Promise<number>((resolve, reject) => {
    proc.stdout!.on("data", () => {
      const m = /listening on port (\d+)/.exec(log);
      if (m) resolve(Number(m[1]));
    });
    proc.once("exit", (code) => reject(new Error(`the example server exited ${code}: ${log}`)));
  });
  const sign = (ctId: string) => runCli(["dev-token", "sign", dir, "--audience", "DK12345678", "--sender", "DK87654321", "--ct-id", ctId]).stdout.trim();
  tokens = { first: sign("transfer-1"), other: sign("transfer-2") };
});
afterAll(async () => {
  proc?.kill("SIGKILL");
  await new Promise<void>((r) => broker?.close(() => r()));
});
let tokens: { first: string; other: string };

describe("the receiver's example server", () => {
  it("is the one docs/id-tokens.md prints", () => {
    const docs = readFileSync("docs/id-tokens.md", "utf8");
    const block = /\n```js\n(\/\/ A receiver's server[\s\S]*?)```\n/.exec(docs)?.[1];
    expect(block).toBe(readFileSync(SERVER, "utf8"));
  });

  it("answers garbage with 400, 404 or 413 and keeps running", async () => {
    const garbage: [string | Buffer, number][] = [
      ["{", 400],
      ["", 400],
      ["null", 400],
      ["[]", 400],
      ['"ctt"', 400],
      ['{"ctt":5}', 400],
      ['{"ctt":""}', 400],
      [Buffer.from([0xff, 0xfe, 0x00, 0x7b]), 400],
      ['{"ctt":"x"'.padEnd(100_000, " "), 413],
    ];
    for (const [body, status] of garbage) {
      const got = await post("/transfer", body);
      // 413 is answered before the body is read whole: the client may see the connection close instead.
      expect(status === 413 ? [413, -1] : [status], `${String(body).slice(0, 20)} → ${got}`).toContain(got);
    }
    expect(await post("/elsewhere", "{}")).toBe(404);
    expect(await post("/transfer", "", "GET")).toBe(404);
    expect(proc.exitCode).toBeNull();
    expect(log).not.toMatch(/Unhandled|SyntaxError|TypeError/);
  });

  it("a transfer starts a session (204); the same ID token again is a replay (403); another transfer passes", async () => {
    nextToken = tokens.first;
    expect(await post("/transfer", '{"ctt":"ctt-1"}')).toBe(204);
    expect(log).toMatch(/session started for a transfer from DK87654321 \(claims: name, role\)/);
    expect(await post("/transfer", '{"ctt":"ctt-2"}')).toBe(403);
    expect(log).toMatch(/transfer refused TOTAL-FAILED FORMAT_FAILURE replay/);
    nextToken = tokens.other;
    expect(await post("/transfer", '{"ctt":"ctt-3"}')).toBe(204);
    // A token the broker did not sign (not our key set): refused, never a crash.
    nextToken = `${tokens.other.slice(0, -4)}AAAA`;
    expect(await post("/transfer", '{"ctt":"ctt-4"}')).toBe(403);
    expect(proc.exitCode).toBeNull();
  });
});
