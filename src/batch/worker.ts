// Entry of one batch worker thread (built to dist/src/batch/worker.js). Loads the trust store once, says
// "ready", then verifies one archive per "job" message and answers with its result. Never exits by itself:
// the pool terminates it.
import { parentPort, workerData } from "node:worker_threads";
import { SealcheckError, errorMessage } from "../errors.js";
import { keepsReport } from "./jsonl.js";
import { createRunnerVerifier } from "./runner-verifier.js";
import type { FromWorker, ToWorker, WorkerInit } from "./types.js";

const port = parentPort;
if (!port) throw new Error("src/batch/worker.ts runs only as a worker thread");
const post = (m: FromWorker): void => port.postMessage(m);

try {
  const init = workerData as WorkerInit;
  const verify = await createRunnerVerifier(init);
  const reports = init.reports ?? "all";
  port.on("message", (m: ToWorker) => {
    if (m.type !== "job") return;
    // A report the caller drops is not worth a structured clone to the main thread (~0.1 ms each).
    void verify(m.archive).then((r) => post({ type: "result", id: m.id, result: keepsReport(reports, r.exitCode) ? r : { ...r, report: null } }));
  });
  post({ type: "ready" });
} catch (e) {
  post({ type: "init-error", message: errorMessage(e), code: e instanceof SealcheckError ? e.code : null });
}
