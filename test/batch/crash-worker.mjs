// A stand-in batch worker for the pool tests: speaks the worker protocol, crashes on "crash" archives,
// hangs on "hang" archives, throws at start when asked to, and passes everything else after a short delay,
// reporting in `report.inFlight` how many jobs it held at once.
import { parentPort, workerData } from "node:worker_threads";

if (workerData.verify.trust?.includes("init-fails")) {
  parentPort.postMessage({ type: "init-error", message: "trust store unusable (test)", code: "ERR_TRUST_STORE" });
} else {
  let held = 0;
  parentPort.on("message", (m) => {
    const a = m.archive;
    if (a.evidence.includes("crash")) throw new Error("boom (test crash)");
    if (a.evidence.includes("hang")) return;
    held++;
    const inFlight = held;
    setTimeout(() => {
      held--;
      parentPort.postMessage({
        type: "result",
        id: m.id,
        result: {
          evidence: a.evidence, originals: a.originals, indication: "TOTAL-PASSED", subIndication: null, decidedBy: [],
          exitCode: 0, durationMs: 1, report: { inFlight }, error: null, errorCode: null,
        },
      });
    }, 30);
  });
  parentPort.postMessage({ type: "ready" });
}
