// A DSS that lists one CRL stream several times: read and judged once, the verdict unchanged.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { check } from "../helpers/fixtures.js";

const trust = ["samples/trust"];

describe("DSS-held validation data referenced many times", () => {
  it("a CRL listed three times in /CRLs is judged once, with the same verdict as listed once", async () => {
    const text = readFileSync("samples/attacks/ltv-dss.pdf").toString("latin1");
    // Same length (xref offsets stay right): /Type is optional in a DSS; its bytes pay for two more references.
    const from = "/Type /DSS\n/Certs [ 26 0 R 27 0 R 28 0 R 29 0 R ]\n/OCSPs [ 30 0 R ]\n/CRLs [ 31 0 R ]";
    const to = "/Certs [26 0 R 27 0 R 28 0 R 29 0 R]\n/OCSPs [30 0 R]\n/CRLs [31 0 R 31 0 R 31 0 R]".padEnd(from.length);
    expect(text).toContain(from);
    expect(to.length).toBe(from.length);
    const file = join(mkdtempSync(join(tmpdir(), "dss-repeats-")), "archive.pdf");
    writeFileSync(file, Buffer.from(text.replace(from, to), "latin1"));
    const once = await verifyArchive({ evidence: "samples/attacks/ltv-dss.pdf", originals: [], trust });
    const thrice = await verifyArchive({ evidence: file, originals: [], trust });
    expect(thrice.indication).toBe(once.indication);
    const revocation = (r: typeof once) =>
      (check(r, "seal-certificate").details?.revocation as { source: string; status: string }[]).map((x) => `${x.source} ${x.status}`);
    expect(revocation(thrice)).toEqual(revocation(once));
    expect(revocation(thrice).filter((s) => s.startsWith("dss-crl"))).toHaveLength(1);
    expect(thrice.seal?.padesLevel).toBe("B-LT");
  });
});
