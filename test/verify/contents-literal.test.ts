// a23 G1: the seal's /Contents rewritten, same length, as a literal string: the CMS's bytes then stand verbatim in the
// file, so an unsigned attribute of the seal's SignerInfo can carry a whole document (objects and a trailer) that a
// rebuilding reader's scanner takes (qpdf: one page "Husleje: 1 kr. pr. maaned"). sealcheck read the gap's value and
// said TOTAL-PASSED; EU DSS 5.13.1 says TOTAL_FAILED/FORMAT_FAILURE ("The /ByteRange dictionary is not consistent"),
// pdfsig "Not total document signed": both read a signature's gap as hex only. Now refused for every signature.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sealGap } from "../../scripts/attack36/lib.js";
import { verifyArchive } from "../../src/index.js";
import { check } from "../helpers/fixtures.js";

const REAL = "test/fixtures/real/broker-example";
const AT = new Date("2025-12-08T09:35:10Z");

/** The seal's gap `<hex…>` rewritten as `(…)` of the same length: the DER escaped (§7.3.4.2), then NUL padding. */
function literalGap(pdf: Uint8Array): Uint8Array {
  const { start, end, der } = sealGap(pdf);
  const body: number[] = [];
  for (const b of der) {
    if (b === 0x28 || b === 0x29 || b === 0x5c) body.push(0x5c, b);
    else if (b === 0x0d) body.push(...Buffer.from("\\015"));
    else body.push(b);
  }
  const room = end - start - 2;
  if (body.length > room) throw new Error("the escaped CMS does not fit");
  const out = new Uint8Array(pdf);
  out[start] = 0x28;
  out.set(body, start + 1);
  out.fill(0, start + 1 + body.length, end - 1);
  out[end - 1] = 0x29;
  return out;
}

describe("a23 G1: a signature's /Contents must be a hex string", () => {
  it("the real archive with its seal's gap written as a literal string (same value): TOTAL-FAILED/FORMAT_FAILURE", async () => {
    const pdf = new Uint8Array(readFileSync(`${REAL}/archive.pdf`));
    const r = await verifyArchive({ evidence: { name: "archive.pdf", bytes: literalGap(pdf) }, trust: [`${REAL}/trust`], at: AT });
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "FORMAT_FAILURE"]);
    const c = check(r, "seal-signature");
    expect([c.status, c.subIndication]).toEqual(["failed", "FORMAT_FAILURE"]);
    expect(c.message).toMatch(/\/Contents is a literal string, not a hex string/);
  }, 60_000);
});
