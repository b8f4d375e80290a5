// B3: RedisReplayStore's "deadline" bounds only when Redis RUNS the mark, not when the receiver READS its answer.
// Redis runs the SET at once (well inside the deadline: recorded), but the receiver's process is busy for
// longer than commandTimeoutMs (another request's CPU work, a GC pause, a swap): when its event loop comes back,
// the timers phase fires the store's own timeout before the socket's OK is read, so markUsed throws
// (TRY_LATER) while the id IS recorded. The sender's retry of the same genuine token: markUsed false, i.e.
// "already presented: a replay of an ID token that was accepted before" -- issue 34 item 6 says a presentation
// told TRY_LATER must pass once on retry.
// usage: node scripts/attack34b/replay-late-reply.mjs [honest]   (honest: no busy pause; control)
// Starts its own redis-server on a random loopback port and stops it.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RedisReplayStore } from "../../dist/src/index.js";

const honest = process.argv[2] === "honest";
const port = 20000 + Math.floor(Math.random() * 20000);
const dir = mkdtempSync(join(tmpdir(), "attack34b-rp-"));
execFileSync("redis-server", [
  "--port",
  String(port),
  "--bind",
  "127.0.0.1",
  "--save",
  "",
  "--appendonly",
  "no",
  "--daemonize",
  "yes",
  "--pidfile",
  join(dir, "pid"),
  "--dir",
  dir,
]);
await new Promise((r) => setTimeout(r, 500));
const store = new RedisReplayStore(`redis://127.0.0.1:${port}`, { commandTimeoutMs: 2000 });
const key = "https://broker.example ct-4711";
const expires = new Date(Date.now() + 600_000);
let rc = 0;
try {
  await store.markUsed("warm-up", expires); // connected
  // Presentation 1 of a genuine token.
  const p = store.markUsed(key, expires);
  for (let i = 0; i < 10; i++) await null; // the store has sent its script and armed its timer
  if (!honest) {
    const until = Date.now() + 2500; // the receiver's thread is busy for 2.5 s (any synchronous work)
    while (Date.now() < until);
  }
  let first;
  try {
    first = (await p) ? "passed (first presentation)" : "REPLAY";
  } catch (e) {
    first = `TRY_LATER (${e.message.slice(0, 110)})`;
  }
  console.log(`presentation 1: ${first}`);
  const inRedis = execFileSync("redis-cli", ["-p", String(port), "exists", `sealcheck:replay:${key}`])
    .toString()
    .trim();
  console.log(`id recorded in Redis after presentation 1: ${inRedis === "1" ? "yes" : "no"}`);
  // The sender retries, as TRY_LATER tells it to.
  const second = (await store.markUsed(key, expires)) ? "passed (first presentation)" : "REFUSED AS A REPLAY";
  console.log(`presentation 2 (the sender's retry of the same genuine token): ${second}`);
  if (first.startsWith("TRY_LATER") && second.startsWith("REFUSED")) {
    console.log("=> a genuine token told TRY_LATER can never pass again (lost transfer)");
    rc = 1;
  }
} finally {
  await store.close();
  execFileSync("kill", [readFileSync(join(dir, "pid"), "utf8").trim()]);
}
process.exit(rc);
