// A real redis-server for the queue and replay-store tests: on a free loopback port, in a temporary
// directory, persistent as the README asks (appendonly yes, appendfsync always), stopped after the tests.
// Tests that need it skip, saying so, when redis-server is not on PATH (apt-get install redis-server).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { tempDir } from "./fixtures.js";

export const HAS_REDIS = spawnSync("redis-server", ["--version"], { stdio: "ignore" }).error === undefined;
export const NO_REDIS = "redis-server is not on PATH (apt-get install redis-server): the queue and Redis replay-store tests are skipped";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface RedisServer {
  port: number;
  url: string;
  dir: string;
  /** Ends the server at once (SIGKILL: nothing gets written at shutdown). */
  kill(): Promise<void>;
  /** Starts it again on the same port and directory (the append-only file is read back). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** A CA and a server certificate for 127.0.0.1 (openssl), for TLS tests. */
export function tlsFiles(): { ca: string; cert: string; key: string } {
  const dir = tempDir("sealcheck-redis-tls-");
  const f = (n: string) => join(dir, n);
  const ssl = (...args: string[]) => {
    const r = spawnSync("openssl", args, { stdio: "pipe" });
    if (r.status !== 0) throw new Error(`openssl ${args[0]}: ${r.stderr}`);
  };
  ssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", f("ca.key"), "-out", f("ca.pem"), "-days", "2", "-subj", "/CN=sealcheck test CA");
  ssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", f("server.key"), "-out", f("server.csr"), "-subj", "/CN=127.0.0.1");
  writeFileSync(f("ext"), "subjectAltName=IP:127.0.0.1\n");
  ssl(
    "x509",
    "-req",
    "-in",
    f("server.csr"),
    "-CA",
    f("ca.pem"),
    "-CAkey",
    f("ca.key"),
    "-CAcreateserial",
    "-out",
    f("server.pem"),
    "-days",
    "2",
    "-extfile",
    f("ext"),
  );
  return { ca: f("ca.pem"), cert: f("server.pem"), key: f("server.key") };
}

export async function startRedis(o: { persistent?: boolean; extra?: string[]; tls?: { ca: string; cert: string; key: string } } = {}): Promise<RedisServer> {
  const port = await freePort();
  const dir = tempDir("sealcheck-redis-");
  const persistence = o.persistent === false ? ["--appendonly", "no"] : ["--appendonly", "yes", "--appendfsync", "always"];
  let proc: ChildProcess | null = null;
  // With TLS, the only port speaks TLS (plain TCP off).
  const ports = o.tls
    ? [
        "--port",
        "0",
        "--tls-port",
        String(port),
        "--tls-cert-file",
        o.tls.cert,
        "--tls-key-file",
        o.tls.key,
        "--tls-ca-cert-file",
        o.tls.ca,
        "--tls-auth-clients",
        "no",
      ]
    : ["--port", String(port)];
  const args = [...ports, "--bind", "127.0.0.1", "--dir", dir, "--save", "", ...persistence, "--maxmemory-policy", "noeviction", ...(o.extra ?? [])];
  const server: RedisServer = {
    port,
    url: `${o.tls ? "rediss" : "redis"}://127.0.0.1:${port}`,
    dir,
    async start() {
      const p = spawn("redis-server", args, { stdio: ["ignore", "pipe", "pipe"] });
      proc = p;
      await new Promise<void>((resolve, reject) => {
        let out = "";
        const t = setTimeout(() => reject(new Error(`redis-server did not start: ${out}`)), 10_000);
        p.stdout!.on("data", (d: Buffer) => {
          out += d.toString();
          if (/Ready to accept connections/.test(out)) {
            clearTimeout(t);
            resolve();
          }
        });
        p.once("exit", (code) => {
          clearTimeout(t);
          reject(new Error(`redis-server exited with ${code}: ${out}`));
        });
      });
      p.stdout!.resume();
      p.stderr!.resume();
    },
    async kill() {
      const p = proc;
      proc = null;
      if (!p || p.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        p.once("exit", () => resolve());
        p.kill("SIGKILL");
      });
    },
    async stop() {
      await server.kill();
    },
  };
  await server.start();
  return server;
}
