// Health output of a queue worker for process supervisors (a Kubernetes exec probe, systemd, a cron check): a
// small JSON file the worker rewrites every few seconds, and a reader that says whether it is fresh and ok. A
// file, not a listening port: a worker opens no socket besides its Redis connection.
import { SealcheckError, errorMessage } from "../errors.js";
import { readRegularFile, writeFileSafely } from "../input/files.js";

/**
 * ok: Redis connected and verification threads alive. degraded: one of them is not (the worker keeps trying).
 * stopping: closing (SIGTERM), finishing the running archives. stopped: closed on purpose (the reason says how);
 * written last, so the file then stays as it is.
 */
export type WorkerHealthStatus = "ok" | "degraded" | "stopping" | "stopped";

export interface WorkerHealth {
  status: WorkerHealthStatus;
  /** Why it is not ok, one sentence (null when ok). */
  reason: string | null;
  pid: number;
  host: string;
  queue: string;
  /** The run key of the worker's options (the jobs it verifies). */
  run: string;
  startedAt: string;
  updatedAt: string;
  /** ioredis's connection state (ready, reconnecting, ...). */
  redis: string;
  /** Archives being verified now, and results this worker wrote. */
  running: number;
  processed: number;
  /** The last Redis error (its URL's password masked) and when, or null. */
  lastError: { at: string; message: string } | null;
}

/**
 * Writes the health file whole (a new temporary file beside it, renamed over it), so that a reader never sees
 * half of it; a symbolic link, FIFO or directory planted at its name is refused, never followed or written
 * through (src/input/files.ts).
 */
export function writeHealthFile(file: string, h: WorkerHealth): void {
  writeFileSafely(file, `${JSON.stringify(h)}\n`, { what: "the health file" });
}

const HEALTH_MAX_BYTES = 64 * 1024;

export interface HealthCheck {
  /** Running, fresh and ok. */
  healthy: boolean;
  /**
   * The worker stopped on purpose (SIGTERM, close()): not running, yet nothing is wrong. `sealcheck queue health`
   * exits 0 for it unless `--running` is given. A worker that died (SIGKILL, a crash) leaves a stale file instead.
   */
  stopped: boolean;
  /** One sentence: what was found. */
  message: string;
  health: WorkerHealth | null;
}

/**
 * Whether the worker that writes `file` is healthy at `now`: status ok, and written within `maxAgeMs` (a worker
 * that hangs or died stops rewriting it). Never throws for a missing or bad file: that is unhealthy.
 */
export function checkHealthFile(file: string, maxAgeMs: number, now = new Date()): HealthCheck {
  let h: WorkerHealth;
  try {
    // A regular file only, opened without blocking (a FIFO here would block a probe forever), and no larger
    // than a health file is.
    const text = readRegularFile(file, HEALTH_MAX_BYTES).toString("utf8");
    h = JSON.parse(text) as WorkerHealth;
  } catch (e) {
    const why = e instanceof SealcheckError ? e.message.replace(`${file}: `, "") : ((e as NodeJS.ErrnoException).code ?? errorMessage(e));
    return { healthy: false, stopped: false, message: `${file}: no readable health file (${why})`, health: null };
  }
  const updated = typeof h?.updatedAt === "string" ? Date.parse(h.updatedAt) : NaN;
  const statuses: readonly string[] = ["ok", "degraded", "stopping", "stopped"];
  if (!h || typeof h !== "object" || !statuses.includes(h.status) || Number.isNaN(updated))
    return { healthy: false, stopped: false, message: `${file}: not a sealcheck worker health file`, health: null };
  const age = now.getTime() - updated;
  const who = `worker ${String(h.pid)} on queue ${String(h.queue)}`;
  // A stopped worker writes its file no more: its age says nothing.
  if (h.status === "stopped")
    return {
      healthy: false,
      stopped: true,
      message: `${who} ${typeof h.reason === "string" && h.reason ? h.reason : "stopped"} (at ${h.updatedAt}, ${Number(h.processed)} done)`,
      health: h,
    };
  if (age > maxAgeMs)
    return {
      healthy: false,
      stopped: false,
      message: `${who}: last written ${Math.round(age / 1000)} s ago (more than ${Math.round(maxAgeMs / 1000)} s): hung or stopped`,
      health: h,
    };
  if (h.status !== "ok") return { healthy: false, stopped: false, message: `${who} is ${h.status}${h.reason ? `: ${String(h.reason)}` : ""}`, health: h };
  return {
    healthy: true,
    stopped: false,
    message: `${who} is ok: ${Number(h.running)} running, ${Number(h.processed)} done, written ${Math.round(age / 1000)} s ago`,
    health: h,
  };
}

/** A usable interval for the health file, in ms. */
export function checkHealthInterval(ms: number): number {
  if (!Number.isInteger(ms) || ms < 100 || ms > 3_600_000)
    throw new SealcheckError("ERR_USAGE", "healthIntervalMs: the health interval must be 100 ms to 1 hour", { option: "healthIntervalMs" });
  return ms;
}
