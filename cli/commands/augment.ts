// `sealcheck augment <archive>`: PAdES-BASELINE-LTA for long-term archiving — a DSS with the validation data
// and an RFC 3161 document timestamp appended as incremental updates. The only command that goes on the
// network, and only to the TSA given (and, with --fetch-revocation, to the certificates' OCSP responders
// and CRL distribution points).
import { Option, type Command } from "commander";
import { runGuarded, writeOut } from "../io.js";
import { limitHelp, limitOption, listOption, parseSeconds } from "../options.js";

export function registerAugment(program: Command): void {
  program
    .command("augment")
    .description("Add validation data (DSS) and a document timestamp to a sealed PAdES: PAdES-BASELINE-LTA, renewable")
    .argument("<archive>", "the sealed PAdES PDF (the JSON forms cannot carry a DSS)")
    .requiredOption("--tsa <url>", "the RFC 3161 time-stamping authority (http or https)")
    .option("--out <file>", "write the augmented archive here")
    .option("--in-place", "replace <archive> (a new file is written, read back and verified, then renamed over it)")
    .option("--force", "with --out: replace an existing file")
    .addOption(listOption("--trust <path>", "trust anchor certificate(s): a PEM/DER file, a PEM bundle or a directory (repeatable)", "none"))
    .addOption(listOption("--certs <path>", "extra certificates for the paths (repeatable)", "none"))
    .addOption(listOption("--ocsp <file>", "an OCSP response (DER or PEM) to use where the archive lacks one (repeatable)", "none"))
    .addOption(listOption("--crl <file>", "a CRL (DER or PEM) to use where the archive lacks one (repeatable)", "none"))
    .option("--fetch-revocation", "fetch what is still missing from the certificates' OCSP responders (AIA) and CRL distribution points")
    .addOption(new Option("--timeout <seconds>", "for each network exchange").argParser(parseSeconds).default(15))
    .option("--json", "print the outcome as JSON")
    .addOption(limitOption())
    .addHelpText(
      "after",
      `
Examples:
  $ sealcheck augment archive.pdf --out archive-lta.pdf \\
      --tsa https://tsa.example/ --trust roots/ --fetch-revocation
  $ sealcheck augment archive-lta.pdf --in-place --tsa https://tsa.example/ \\
      --trust roots/ --ocsp tsa-cert.ocsp.der

The archive is verified first (a TOTAL-FAILED archive is not augmented). The
DSS gets the certificate path of the seal, its signature timestamp's TSA, the
Workflow token's certificate and every earlier document timestamp, and an OCSP
response or CRL for every certificate on them but the anchors: from the
archive, from --ocsp/--crl, or fetched. Every answer (the TSA's, a
responder's, a CRL) is verified before anything is written: status, imprint,
nonce, signer and path. The result is verified again before it is written;
the sealed revision stays byte for byte. On an archive that is already
B-LTA, augment adds the next archive timestamp with the validation data of
the previous one.

${limitHelp("archive")}

Exit codes: 0 written, 3 nothing written (unusable input, missing validation
data, an unreachable or lying TSA, a result that would not verify).`,
    )
    .action(async (archive: string, opts: Record<string, unknown>) => {
      await runGuarded(async () => {
        const { SealcheckError, renderJson } = await import("../../src/api/common.js");
        if (Boolean(opts.inPlace) === (typeof opts.out === "string")) {
          throw new SealcheckError("ERR_USAGE", "augment: give exactly one of --out <file> and --in-place");
        }
        const { augmentArchive, writeAugmented } = await import("../../src/api/augment.js");
        const result = await augmentArchive({
          evidence: archive,
          tsa: opts.tsa as string,
          trust: opts.trust as string[],
          certs: opts.certs as string[],
          ocsp: opts.ocsp as string[],
          crl: opts.crl as string[],
          fetchRevocation: Boolean(opts.fetchRevocation),
          http: { timeoutMs: Math.round((opts.timeout as number) * 1000) },
          ...(opts.limit ? { limits: opts.limit as Record<string, number> } : {}),
        });
        const target = opts.inPlace ? archive : (opts.out as string);
        writeAugmented(result, target, { inPlace: Boolean(opts.inPlace), overwrite: Boolean(opts.force) });
        const { bytes: _bytes, report, ...rest } = result;
        void _bytes;
        if (opts.json) {
          await writeOut(renderJson({ ...rest, written: target, verification: { indication: report.indication, subIndication: report.subIndication } }));
        } else {
          const a = result.added;
          await writeOut(
            `Augmented ${archive}: PAdES ${result.before.padesLevel ?? "?"} → ${result.after.padesLevel ?? "?"}, written to ${target}.\n` +
              `  DSS: +${a.certificates} certificate(s), +${a.ocspResponses} OCSP response(s), +${a.crls} CRL(s)${result.fetched.length ? ` (fetched: ${result.fetched.join(", ")})` : ""}\n` +
              `  Document timestamp ${result.timestamp.genTime} by ${result.timestamp.tsa ?? "?"} (serial ${result.timestamp.serialNumber}) in field ${result.timestamp.field}\n` +
              `  Verified after augmenting: ${report.indication}${report.subIndication ? ` / ${report.subIndication}` : ""}\n`,
          );
        }
        return 0;
      });
    });
}
