// A stand-in verification thread for the queue tests (the pool's worker protocol): "slow-<ms>" archives take
// that long, "kill" archives kill the whole worker process (as an out-of-memory kill would), others pass.
import { parentPort } from "node:worker_threads";

parentPort.on("message", (m) => {
  const a = m.archive;
  if (a.evidence.includes("kill")) process.kill(process.pid, "SIGKILL");
  const ms = Number(/slow-(\d+)/.exec(a.evidence)?.[1] ?? 20);
  const started = Date.now();
  setTimeout(() => {
    parentPort.postMessage({
      type: "result",
      id: m.id,
      result: {
        evidence: a.evidence,
        originals: a.originals,
        indication: "TOTAL-PASSED",
        subIndication: null,
        decidedBy: [],
        exitCode: 0,
        durationMs: ms,
        report: { pid: process.pid, started, ended: Date.now() },
        error: null,
        errorCode: null,
      },
    });
  }, ms);
});
parentPort.postMessage({ type: "ready" });
