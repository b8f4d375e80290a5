// A one-line progress bar on stderr (only when stderr is a terminal): done/total, rate, ETA, verdict counts.
import { safeForTerminal } from "../src/api/common.js";

export class ProgressBar {
  private last = 0;
  private readonly started = Date.now();
  private shown = false;

  constructor(
    private readonly stream: NodeJS.WriteStream,
    private readonly total: number,
    private readonly colour = false,
  ) {}

  update(done: number, counts: ReadonlyMap<string, number>, force = false): void {
    const now = Date.now();
    if (!force && now - this.last < 100) return;
    this.last = now;
    const elapsed = (now - this.started) / 1000;
    const rate = elapsed > 0 ? done / elapsed : 0;
    const eta = rate > 0 ? (this.total - done) / rate : NaN;
    const width = Math.max(10, Math.min(30, (this.stream.columns ?? 80) - 70));
    const filled = this.total > 0 ? Math.round((done / this.total) * width) : width;
    const bar = "█".repeat(filled) + "░".repeat(width - filled);
    const c = (code: string, t: string): string => (this.colour ? `\u001b[${code}m${t}\u001b[0m` : t);
    const tally = [
      c("32", `✓${counts.get("TOTAL-PASSED") ?? 0}`),
      c("31", `✗${counts.get("TOTAL-FAILED") ?? 0}`),
      c("33", `?${counts.get("INDETERMINATE") ?? 0}`),
      c("35", `!${counts.get("NO-VERDICT") ?? 0}`),
    ].join(" ");
    const text = `${bar} ${done}/${this.total} ${rate.toFixed(1)}/s ETA ${formatDuration(eta)} ${tally}`;
    this.stream.write(`\r${safeForTerminal(text, { colour: this.colour })}\u001b[K`);
    this.shown = true;
  }

  /** Clears the line so that the summary starts on a clean one. */
  done(): void {
    if (this.shown) this.stream.write("\r\u001b[K");
  }
}

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return "--";
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m`;
}

/**
 * The progress of hashing one large original (256 MiB or more), on stderr: on a terminal one line rewritten in
 * place and cleared when done; otherwise a line when it starts and at most one every 30 s (a log, not a bar).
 */
export function originalsProgressLine(stream: NodeJS.WriteStream = process.stderr): (p: { file: string; done: number; size: number }) => void {
  let lastLogged = 0;
  const gib = (n: number) => `${(n / 1024 ** 3).toFixed(2)} GiB`;
  return ({ file, done, size }) => {
    const pct = size > 0 ? Math.floor((done / size) * 100) : 100;
    const text = safeForTerminal(`sealcheck: hashing the original ${file}: ${gib(done)} of ${gib(size)} (${pct}%)`);
    if (stream.isTTY) {
      stream.write(done >= size ? "\r\u001b[K" : `\r${text}\u001b[K`);
      return;
    }
    const now = Date.now();
    if (done < size && now - lastLogged >= 30_000) {
      lastLogged = now;
      stream.write(`${text}\n`);
    }
  };
}
