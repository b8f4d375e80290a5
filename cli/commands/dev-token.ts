// `sealcheck dev-token keys|sign`: test-only keys and ID tokens, shaped like the broker's, for a receiver to try
// replay, key rotation and expiry. Marked as test tokens; verify-id-token accepts them only with the dev key set
// given explicitly (--jwks), never with the broker's keys or discovery.
import { InvalidArgumentError, type Command } from "commander";
import { printStderrLine, runGuarded, writeOut } from "../io.js";

const DK = /^DK\d{8}$/;
function organisation(value: string): string {
  if (!DK.test(value)) throw new InvalidArgumentError('expected "DK" and an 8-digit CVR number, e.g. DK12345678');
  return value;
}

export function registerDevToken(program: Command): void {
  const dev = program
    .command("dev-token")
    .description("TEST ONLY: make a key set and ID tokens like the broker's, to try replay, key rotation and expiry")
    .addHelpText(
      "after",
      `
Examples:
  $ sealcheck dev-token keys dev-keys/
  $ sealcheck dev-token sign dev-keys/ --audience DK12345678 > token.jwt
  $ sealcheck verify-id-token token.jwt --issuer sealcheck-dev \\
      --audience DK12345678 --jwks dev-keys/jwks-1.json

Dev tokens are issued by https://broker.sealcheck-dev.test/op (a reserved
test domain) and carry a sealcheck-dev-token header and claim. verify-id-token
accepts one only with the dev key set given (--jwks <dir>/jwks-N.json); with
the broker's keys or --discovery it is TOTAL-FAILED.`,
    );

  dev
    .command("keys")
    .description("Write a new dev key set into <dir>: private-keys.json, jwks-1.json (key 1), jwks-2.json (key 2: after a rotation)")
    .argument("<dir>", "where to write the key set (created if missing)")
    .option("--force", "replace a key set already there")
    .addHelpText(
      "after",
      `
Examples:
  $ sealcheck dev-token keys dev-keys/

Exit code: 0 written; 3 when <dir> cannot be written or already holds a key set
(without --force).`,
    )
    .action(async (dir: string, opts: { force?: boolean }) => {
      await runGuarded(async () => {
        const { makeDevKeys, writeDevKeys } = await import("../../src/api/dev-token.js");
        const written = writeDevKeys(dir, makeDevKeys(), Boolean(opts.force));
        printStderrLine(`TEST ONLY: wrote ${written.join(", ")} (key 1 signs by default; jwks-2.json holds key 2 alone, as after a rotation)`);
        return 0;
      });
    });

  dev
    .command("sign")
    .description("Print a dev ID token signed with a key of <dir>, with the claims chosen")
    .argument("<dir>", "a directory written by dev-token keys")
    .requiredOption("--audience <DKcvr>", "aud: the receiver", organisation)
    .option("--sender <DKcvr>", "ct_sender (default DK00000000)", organisation)
    .option("--key <n>", "sign with key 1 or 2 (2: as after a key rotation)", "1")
    .option("--iat <time>", "issue time, RFC 3339 (default: now); nbf is the same")
    .option("--exp <time>", "expiry, RFC 3339 (default: --iat + 300 s, as the broker's)")
    .option("--ct-id <id>", "ct_id, the transfer id replay detection remembers (default: a random UUID); the broker's tokens carry no jti")
    .option("--claims <json>", 'ct_claims, a JSON object of strings (default {"name":"Test Person","role":"tester"})')
    .option("--issuer <name>", "iss: sealcheck-dev only (default; a real issuer's name or URL is refused: a dev token never claims one)")
    .addHelpText(
      "after",
      `
Examples:
  $ sealcheck dev-token sign dev-keys/ --audience DK12345678 > fresh.jwt
  $ sealcheck dev-token sign dev-keys/ --audience DK12345678 \\
      --iat 2026-01-01T10:00:00Z > expired.jwt
  $ sealcheck dev-token sign dev-keys/ --audience DK12345678 --key 2 \\
      > rotated.jwt

Exit code: 0 printed; 3 for bad options or a directory without dev keys.`,
    )
    .action(
      async (
        dir: string,
        opts: { audience: string; sender?: string; key: string; iat?: string; exp?: string; ctId?: string; claims?: string; issuer?: string },
      ) => {
        await runGuarded(async () => {
          const [{ signDevToken, readDevKeys }, { parseValidationTime, SealcheckError }] = await Promise.all([
            import("../../src/api/dev-token.js"),
            import("../../src/api/common.js"),
          ]);
          if (opts.key !== "1" && opts.key !== "2") throw new SealcheckError("ERR_USAGE", "--key: expected 1 or 2");
          const keys = readDevKeys(dir);
          let claims: Record<string, string> | undefined;
          if (opts.claims !== undefined) {
            let v: unknown;
            try {
              v = JSON.parse(opts.claims);
            } catch {
              v = null;
            }
            if (v === null || typeof v !== "object" || Array.isArray(v) || Object.values(v).some((x) => typeof x !== "string"))
              throw new SealcheckError("ERR_USAGE", "--claims: expected a JSON object of strings");
            claims = v as Record<string, string>;
          }
          const time = (flag: string, v: string | undefined) => {
            if (v === undefined) return undefined;
            try {
              return parseValidationTime(v);
            } catch (e) {
              throw new SealcheckError("ERR_USAGE", `${flag}: ${(e as Error).message.replace(/^[^:]*: /, "")}`);
            }
          };
          const iat = time("--iat", opts.iat);
          const exp = time("--exp", opts.exp);
          const token = await signDevToken(keys, {
            audience: opts.audience,
            key: opts.key === "2" ? 2 : 1,
            ...(opts.sender ? { sender: opts.sender } : {}),
            ...(iat ? { issuedAt: iat } : {}),
            ...(exp ? { expiresAt: exp } : {}),
            ...(opts.ctId !== undefined ? { transferId: opts.ctId } : {}),
            ...(claims ? { claims } : {}),
            ...(opts.issuer !== undefined ? { issuer: opts.issuer } : {}),
          });
          await writeOut(`${token}\n`);
          return 0;
        });
      },
    );
}
