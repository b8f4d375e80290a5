// Option parsers shared by the commands. Bad values are usage errors (exit 3) via commander.
import { InvalidArgumentError } from "commander";

export function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

export function parseSeconds(value: string): number {
  const n = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || !Number.isFinite(n)) throw new InvalidArgumentError("expected a non-negative number");
  return n;
}
