// a20 A1: a stream rewritten after sealing was compared by its decoded data when the raw bytes differed, decoded by
// this reader's filters. Readers decode the same filter differently: "<~" put before the real archive's page 1
// content (ASCII85, then Flate) decoded the same here and to nothing in poppler, PDFium and pdf.js, so the page they
// show lost its content (with an original whose ASCII85 stream covers a hidden text, it showed that text: "1 kr.")
// while sealcheck said TOTAL-PASSED. Stream data is now compared raw, byte for byte.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { parsePdf, walkPages } from "../../src/input/pdf/index.js";
import { NumberAllocator, appendUpdate, int, serialize, withEntry } from "../../src/augment/writer.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { check, tempDir, trustDirectory } from "../helpers/fixtures.js";

const REAL = "test/fixtures/real/broker-example";

/** `pdf` with an update restating page 1's (last) content stream: its dictionary as sealed, its data `data(raw, decoded)`. */
function restated(pdf: Uint8Array, data: (raw: Uint8Array, decoded: Uint8Array) => Uint8Array): Uint8Array {
  const doc = parsePdf(wholeSource(pdf), resolveLimits());
  const view = doc.latest();
  const ref = walkPages(view)[0]!.contents.at(-1)!;
  const obj = view.object(ref)!;
  if (obj.value.kind !== "stream") throw new Error("page 1's content is not a stream");
  const bytes = data(view.rawStreamData(obj.value), view.decode(obj.value));
  const raw = `${serialize(withEntry(obj.value.dict, "Length", int(bytes.length)))}\nstream\n${Buffer.from(bytes).toString("latin1")}\nendstream`;
  return appendUpdate(doc, [{ num: ref.num, gen: ref.gen, raw }], new NumberAllocator(doc)).bytes;
}

async function verify(pdf: Uint8Array, real: boolean) {
  const file = join(tempDir("sealcheck-raw-"), "archive.pdf");
  writeFileSync(file, pdf);
  return verifyArchive({
    evidence: file,
    trust: [real ? join(REAL, "trust") : trustDirectory()],
    ...(real ? { at: "2025-12-08T09:35:10Z" } : {}),
  });
}

describe("a stream rewritten after sealing is compared raw (a20 A1)", () => {
  it('the real archive, "<~" before page 1\'s ASCII85 content: a change (was TOTAL-PASSED; readers show page 1 empty)', async () => {
    const pdf = new Uint8Array(readFileSync(join(REAL, "archive.pdf")));
    const framed = await verify(
      restated(pdf, (raw) => Uint8Array.from([...Buffer.from("<~", "latin1"), ...raw])),
      true,
    );
    expect(framed.indication).not.toBe("TOTAL-PASSED");
    expect(check(framed, "seal-modifications").status).toBe("failed");
    // The control: the same update with the sealed bytes is no change.
    const same = await verify(
      restated(pdf, (raw) => raw),
      true,
    );
    expect([same.indication, check(same, "seal-modifications").status]).toEqual(["TOTAL-PASSED", "passed"]);
  });

  it("the sample, page 1's Flate content compressed anew (the same decoded bytes): a change (was no change)", async () => {
    const pdf = new Uint8Array(readFileSync("samples/valid/archive.pdf"));
    const r = await verify(
      restated(pdf, (raw, decoded) => {
        const again = new Uint8Array(deflateSync(decoded, { level: 1 }));
        expect(Buffer.from(again).equals(Buffer.from(raw))).toBe(false);
        return again;
      }),
      false,
    );
    expect(check(r, "seal-modifications").status).toBe("failed");
  });
});
