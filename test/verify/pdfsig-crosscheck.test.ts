// Cross-check with an independent verifier: poppler's pdfsig judges the CMS part of the seal (digest of
// the signed ranges and signature value). For every PDF sample, sealcheck's seal-signature must agree with
// pdfsig's "Signature is Valid" for signature #1 — except where sealcheck is stricter about the ByteRange
// than pdfsig (listed, with the reason), since pdfsig checks the digest over whatever ranges it is given.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { check } from "../helpers/fixtures.js";

const PDFSIG = ["/usr/bin/pdfsig", "/usr/local/bin/pdfsig"].find((p) => existsSync(p));

function pdfsigValid(file: string): boolean {
  let out: string;
  try {
    out = execFileSync(PDFSIG!, [file], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (e) {
    out = String((e as { stdout?: string }).stdout ?? "");
  }
  const first = out.split(/Signature #2:/)[0] ?? "";
  return /Signature Validation: Signature is Valid/.test(first);
}

/** Where sealcheck rejects a ByteRange that pdfsig accepts because the digest over it still matches. */
const STRICTER: Record<string, string> = {
  "sw-byterange-short-of-eof.pdf": "the ranges stop before the revision's end: bytes after them are unsigned",
  "sw-objects-in-contents-gap.pdf": "the gap is larger than /Contents: it hides unsigned objects",
  "sw-byterange-gap-not-contents.pdf": "the gap is not exactly the /Contents string: unsigned bytes beside it",
  "sw-byterange-not-from-zero.pdf": "the first range does not start at byte 0: the header is unsigned",
  "sw-byterange-three-ranges.pdf": "PAdES allows exactly two ranges around /Contents",
};

// Files that readers resolve differently (or rebuild by scanning) are refused as unreadable; pdfsig reads
// its own way and may call their seal valid.
const expected = JSON.parse(readFileSync("samples/expected.json", "utf8")) as {
  attacks: Record<string, { check: string; subIndication: string | null; fooled?: string }>;
};
for (const [name, e] of Object.entries(expected.attacks)) {
  if (e.fooled && e.check === "seal-signature" && e.subIndication === "FORMAT_FAILURE") STRICTER[name] = `readers disagree on this file: ${e.fooled}`;
}

const files = [
  "samples/valid/archive.pdf",
  ...readdirSync("samples/attacks")
    .filter((f) => f.endsWith(".pdf"))
    .map((f) => `samples/attacks/${f}`),
];

describe.skipIf(!PDFSIG)(`pdfsig cross-check${PDFSIG ? "" : " (skipped: pdfsig not installed; apt-get install poppler-utils)"}`, () => {
  for (const file of files) {
    const name = file.split("/").pop()!;
    it(`${name}: seal-signature agrees with pdfsig on the CMS`, async () => {
      const theirs = pdfsigValid(file);
      const r = await verifyArchive({ evidence: file, trust: ["samples/trust"] });
      // pdfsig judges integrity only; an intact seal refused by algorithm policy counts as intact here.
      const sealCheck = check(r, "seal-signature");
      const ours = ["passed", "warning"].includes(sealCheck.status) || sealCheck.subIndication === "CRYPTO_CONSTRAINTS_FAILURE";
      if (STRICTER[name]) {
        expect(ours, STRICTER[name]).toBe(false);
        return;
      }
      expect(ours, `pdfsig says ${theirs ? "valid" : "not valid"}; sealcheck: ${check(r, "seal-signature").message}`).toBe(theirs);
    });
  }
});
