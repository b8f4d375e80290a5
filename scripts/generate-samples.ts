// `npm run samples`: regenerate samples/ (PKI reused unless --fresh-pki). See samples/README.md.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { readFileSync } from "node:fs";
import {
  AUGMENTED_AT,
  EXPIRED_SEAL_NOT_AFTER,
  augmentedAt,
  expiredArchive,
  buildArchive,
  buildArchiveVariants,
  buildPdfVariants,
  createPki,
  loadPki,
  pkiExists,
  savePki,
  sealedBase,
  validFiles,
  TIMELINE,
  type Expected,
  type SampleFiles,
  type TestPki,
} from "./generator/index.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "samples");
const EXIT: Record<Expected["indication"], number> = { "TOTAL-PASSED": 0, "TOTAL-FAILED": 1, INDETERMINATE: 2 };
/** Attack PDFs reserve less /Contents than the main sample to keep samples/ small. */
const ATTACK_CONTENTS_SIZE = 8 * 1024;

function writeFiles(dir: string, files: SampleFiles): void {
  for (const [rel, data] of Object.entries(files)) {
    const path = join(dir, rel);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, data);
  }
}

function getPki(fresh: boolean, reissue: boolean): TestPki {
  const dir = join(root, "pki");
  if (!fresh && !reissue && pkiExists(dir)) return loadPki(dir);
  // --reissue: the same keys, certificates issued anew (new validity periods in timeline.ts).
  const kept = reissue && pkiExists(dir) ? loadPki(dir) : null;
  const pki = createPki(kept ? (Object.fromEntries(Object.entries(kept).map(([role, c]) => [role, c.key])) as Parameters<typeof createPki>[0]) : {});
  rmSync(dir, { recursive: true, force: true });
  savePki(pki, dir);
  return pki;
}

const verdict = (e: Expected): string =>
  `${e.indication}${e.subIndication ? ` / ${e.subIndication}` : ""}${e.at ? ` (\`--at ${e.at}\`)` : ""} | \`${e.check}\` | ${EXIT[e.indication]}`;

/** samples/lta and samples/expired (issue 36): `npm run samples -- --long-term-only` writes only these. */
async function longTermSamples(pki: TestPki, valid: Uint8Array): Promise<void> {
  for (const d of ["lta", "expired"]) rmSync(join(root, d), { recursive: true, force: true });
  const trust = join(root, "trust");
  writeFiles(join(root, "lta"), { "archive.pdf": await augmentedAt(pki, valid, trust) });
  const expired = await expiredArchive(pki);
  writeFiles(join(root, "expired"), {
    "archive.pdf": expired.pdf,
    "archive-lta.pdf": await augmentedAt(pki, expired.pdf, trust),
  });
}

async function main(): Promise<void> {
  const pki = getPki(process.argv.includes("--fresh-pki"), process.argv.includes("--reissue"));
  if (process.argv.includes("--long-term-only")) {
    await longTermSamples(pki, readFileSync(join(root, "valid", "archive.pdf")));
    const old = readFileSync(join(root, "README.md"), "utf8");
    const re = /## lta\/ and expired\/[\s\S]*?(?=\n## )/;
    writeFileSync(
      join(root, "README.md"),
      re.test(old) ? old.replace(re, LONG_TERM_README.trimEnd() + "\n") : old.replace(/\n## tampered\//, `\n${LONG_TERM_README}\n## tampered/`),
    );
    console.log(`samples: lta, expired in ${root}`);
    return;
  }
  for (const d of ["valid", "tampered", "attacks", "trust"]) rmSync(join(root, d), { recursive: true, force: true });

  writeFiles(join(root, "trust"), {
    "token-root.pem": pki.tokenRoot.pem,
    "token-issuing-ca.pem": pki.tokenCa.pem,
    "seal-root.pem": pki.sealRoot.pem,
    "tsa-root.pem": pki.tsaRoot.pem,
  });
  const genuine = await buildArchive(pki);
  writeFiles(join(root, "valid"), validFiles(genuine));
  await longTermSamples(pki, genuine.pdf);
  const variants = await buildArchiveVariants(pki, genuine);
  for (const v of variants) writeFiles(join(root, "tampered", v.name), v.files);
  const attacks = await buildPdfVariants(pki, await sealedBase(pki, genuine.evidence, { contentsSize: ATTACK_CONTENTS_SIZE }));
  for (const a of attacks) writeFiles(join(root, "attacks"), { [`${a.name}.pdf`]: a.bytes });
  writeFileSync(join(root, "README.md"), readme(variants, attacks));
  // Machine-readable twin of the README tables: test/verify/samples.test.ts verifies every sample against it.
  const expected = {
    tampered: Object.fromEntries(variants.map((v) => [v.name, { files: Object.keys(v.files), ...v.expected }])),
    attacks: Object.fromEntries(attacks.map((a) => [`${a.name}.pdf`, a.expected])),
  };
  writeFileSync(join(root, "expected.json"), `${JSON.stringify(expected, null, 2)}\n`);
  writeFileSync(join(root, "pki", "README.md"), PKI_README);
  console.log(`samples: valid, ${variants.length} archive variants, ${attacks.length} PDF variants in ${root}`);
}

const iso = (d: Date): string => d.toISOString().replace(".000", "");
const LONG_TERM_README = `## lta/ and expired/ — long-term archiving (\`sealcheck augment\`, [docs/augment.md](../docs/augment.md))
| file | what | expected |
|---|---|---|
| \`lta/archive.pdf\` | \`valid/archive.pdf\` augmented on ${iso(AUGMENTED_AT)} against a TSA on 127.0.0.1: revision 2 a DSS (certificate paths and OCSP responses for the seal, its timestamp's TSA and the token certificate, VRI), revision 3 a document timestamp (field ArchiveTimestamp1). PAdES-BASELINE-LTA | TOTAL-PASSED, B-LTA |
| \`expired/archive.pdf\` | The same evidence sealed by a seal certificate valid until ${iso(EXPIRED_SEAL_NOT_AFTER)} (expired today), PAdES-BASELINE-T: sealcheck and EU DSS say INDETERMINATE/OUT_OF_BOUNDS_NOT_REVOKED now | INDETERMINATE / OUT_OF_BOUNDS_NOT_REVOKED now; TOTAL-PASSED at the sealing time (\`--at ${iso(TIMELINE.timestampAt)}\`) |
| \`expired/archive-lta.pdf\` | \`expired/archive.pdf\` augmented on ${iso(AUGMENTED_AT)}, before the seal certificate expired: EU DSS says TOTAL_PASSED, PAdES-BASELINE-LTA now | TOTAL-PASSED, B-LTA |

Verify each with \`--trust samples/trust\` (and \`valid/originals\`).
`;

const PKI_README = `# Test PKI — TEST ONLY

Private keys here are public test material (PKCS#8 PEM). Never trust these certificates outside tests.
\`<role>.pem\` is the certificate, \`<role>.key.pem\` its key; load with \`loadPki("samples/pki")\` from
\`scripts/generator\`. Regenerate with \`npm run samples -- --fresh-pki\`.
`;

function readme(variants: Awaited<ReturnType<typeof buildArchiveVariants>>, attacks: Awaited<ReturnType<typeof buildPdfVariants>>): string {
  return `# Samples

Generated by \`npm run samples\` (\`scripts/generate-samples.ts\`, library in \`scripts/generator/\`). Do not edit by hand.
Everything is **test material** made by a test PKI (\`pki/\`, keys included); nothing here is real evidence.

Timeline: sealing (token \`iat\`, seal \`/M\`) ${iso(TIMELINE.iat)}; token OCSP produced ${iso(TIMELINE.ocspProducedAt)}
(4 s before iat, as the broker does), nextUpdate ${iso(TIMELINE.ocspNextUpdate)}; seal timestamp ${iso(TIMELINE.timestampAt)}.
The OCSP responder certificate is valid ${iso(TIMELINE.validity.responder[0])} … ${iso(TIMELINE.validity.responder[1])}, so it has
long expired "now": verifiers must judge at the sealing time (proven by the seal's timestamp; the
Workflow-token JSON has none, see below).

Verify with the trust anchors in \`trust/\` (token root **and** issuing CA, seal root, TSA root), e.g.

    sealcheck verify samples/valid/archive.pdf samples/valid/originals --trust samples/trust

## valid/
| file | what |
|---|---|
| \`archive.pdf\` | sealed PAdES (B-T): originals + "Underskrifter" page, 3 attachments (flat /Names), certification signature DocMDP P 1, CMS with ESS v2 + adbe-revocationInfoArchival (CRL + OCSP of the seal), RFC 3161 signature timestamp. 32 KiB /Contents reserved |
| \`pades.json\` | PAdES endpoint JSON around the same PDF |
| \`workflowtoken.json\` | Workflow-token endpoint JSON (its token carries all claims, incl. personal data; the PAdES copy is \`Restricted\`) |
| \`originals/*.pdf\` | the two original PDFs whose SHA-256 are \`document_1\`, \`document_2\` |

Expected: TOTAL-PASSED, exit 0, for each of archive.pdf, pades.json (with \`originals/\`), and for workflowtoken.json
with \`--at ${iso(TIMELINE.iat)}\` (judged at a claimed time). The Workflow-token JSON carries no proof of existence,
so without \`--at\` it is judged as of now: INDETERMINATE / REVOCATION_OUT_OF_BOUNDS_NO_POE, exit 2 (its OCSP
responder's certificate has expired), as EU DSS judges a signature without a proof of existence.

Personal-data claims (claim filter \`All\`, and always in the endpoint token) use these names, chosen by the
generator: \`ip_address\`, \`mitid.age\`, \`mitid.date_of_birth\`, \`mitid.is_over_18\`, \`dk.cpr\` (fictitious numbers).

${LONG_TERM_README}
## tampered/<name>/ — archives (verify the JSON or PDF in the folder, with its \`originals/\`)
Sub-indications for revocation problems are suggestions (ETSI EN 319 102-1); the deciding check is the contract's id.
Malformed or incomplete evidence is TOTAL-FAILED / FORMAT_FAILURE ([docs/contract.md](../docs/contract.md)).

| name | what is wrong | expected indication / sub-indication | deciding check | exit |
|---|---|---|---|---|
${variants.map((v) => `| \`${v.name}\` | ${v.description} | ${verdict(v.expected)} |`).join("\n")}

## attacks/<name>.pdf — seal checks (\`seal-signature\`, \`seal-modifications\`, \`attachments\`)
Built from the valid archive's evidence with 8 KiB /Contents reserved. "pdfsig" says whether poppler reports
signature #1 as "Signature is Valid" (it checks only the digest over the declared ranges, so most attacks fool it).
The sub-indication for changes after sealing (\`seal-modifications\`) is a suggestion; TOTAL-FAILED is what matters.

| file | what | expected | deciding check | exit | pdfsig valid |
|---|---|---|---|---|---|
${attacks.map((a) => `| \`${a.name}.pdf\` | ${a.description} | ${verdict(a.expected)} | ${a.expected.pdfsigValid ? "yes" : "no"} |`).join("\n")}

## receiver/ — a controlled-transfer ID token, for receivers
Made by \`scripts/generate-receiver-sample.ts\` (a fresh test key; only its public key set is kept).
\`id-token.jwt\` is an ID token as the broker's exchange endpoint returns it (RS256, issuer
\`https://test.netseidbroker.dk/op\`, receiver \`DK11111111\`, sender \`DK22222222\`, three transferred claims of a
fictitious person, issued 2025-12-08T08:36:35Z, valid 300 s); \`jwks.json\` is the broker-shaped key set that
verifies it (kid = SHA-1 thumbprint, \`x5c\`, no \`alg\`, an encryption key beside the signing key). Expected:
TOTAL-PASSED, exit 0:

    sealcheck verify-id-token samples/receiver/id-token.jwt --issuer test --audience DK11111111 \\
      --sender DK22222222 --jwks samples/receiver/jwks.json --at 2025-12-08T08:37:00Z

Without \`--at\` the token has long expired (TOTAL-FAILED, \`lifetime\`); with another \`--audience\` it is not
addressed to you (TOTAL-FAILED, \`audience\`).
`;
}

await main();
