// A queue worker process as `sealcheck worker` runs one (the library's runWorker, built), but verifying with
// slow-thread.mjs so that the tests can hold a job in flight, or kill the process on one.
// argv: <redis url> <queue> <options JSON>
import { runWorker } from "../../dist/src/api/queue.js";

const [url, queue, json] = process.argv.slice(2);
const { resultKeyHex, ...opts } = JSON.parse(json ?? "{}");
const w = await runWorker({
  redis: url,
  queue,
  concurrency: 1,
  workerUrl: new URL("./slow-thread.mjs", import.meta.url),
  onLog: (line) => process.stderr.write(`${line}\n`),
  ...opts,
  ...(resultKeyHex ? { resultKey: Buffer.from(resultKeyHex, "hex") } : {}),
});
process.stderr.write(`ready ${process.pid}\n`);
let signals = 0;
process.on("SIGTERM", () => void w.close({ force: ++signals > 1 }).then(() => process.exit(0)));
