// a10: one stream with a wrong /Length in a revision appended to a genuine archive. Readers recover such a file each
// their own way (qpdf takes the data up to `endstream`; poppler re-reads by its reconstructed table or reads 5,000
// bytes more), so what they show after the seal is not judged: malformed input is TOTAL-FAILED/FORMAT_FAILURE
// (docs/contract.md), and the words say where what was sealed ends, so the archivist can restore it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { withDssStreams } from "../../scripts/attack-s6/lib.js";
import { verifyArchive } from "../../src/index.js";
import { check } from "../helpers/fixtures.js";

const body = "0123456789abcdef";
async function verifyWithLength(length: number) {
  const genuine = readFileSync("samples/valid/archive.pdf");
  const pdf = withDssStreams(genuine, { crls: [{ raw: `<< /Length ${length} >>\nstream\n${body}\nendstream` }] });
  const r = await verifyArchive({ evidence: { name: "archive.pdf", bytes: pdf }, originals: ["samples/valid/originals"], trust: ["samples/trust"] });
  return { r, pdf, genuine };
}

describe("a10: a malformed revision after sealing", () => {
  it("a /Length one byte short: FORMAT_FAILURE naming where what was sealed ends; the file cut there is the genuine archive", async () => {
    const { r, pdf, genuine } = await verifyWithLength(body.length - 1);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "FORMAT_FAILURE"]);
    const c = check(r, "seal-modifications");
    expect(c.message).toMatch(/cannot be compared: .*does not end at 'endstream'\. What was sealed is revision 1, the file's first \d+ bytes/);
    const end = (c.details as { sealedRevisionEnd: number }).sealedRevisionEnd;
    // The sealed revision ends after its %%EOF and one end-of-line (the appended update's).
    expect(Buffer.from(pdf.subarray(0, end)).toString("latin1").trimEnd()).toBe(genuine.toString("latin1").trimEnd());
  }, 60_000);

  it("honest: the same revision with its /Length right is an LTV-only update (TOTAL-PASSED)", async () => {
    const { r } = await verifyWithLength(body.length);
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(check(r, "seal-modifications").status).not.toBe("failed");
  }, 60_000);
});
