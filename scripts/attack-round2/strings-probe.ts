// Lists strings of the sealed revision that hold LF bytes (a literal string may write them as raw CR or CRLF:
// sealcheck reads LF, as §7.3.4.2 says; poppler keeps the CR).
import { readFileSync } from "node:fs";
import { parsePdf } from "../../src/input/pdf/document.js";
import { DEFAULT_LIMITS } from "../../src/limits.js";
import type { PdfObject } from "../../src/input/pdf/objects.js";
import { wholeSource } from "../../src/input/source.js";
for (const f of process.argv.slice(2)) {
  const doc = parsePdf(wholeSource(new Uint8Array(readFileSync(f))), DEFAULT_LIMITS);
  const v = doc.at(0);
  const walk = (o: PdfObject, path: string, out: string[]) => {
    if (o.kind === "string") {
      const n = o.bytes.filter((b) => b === 10).length;
      if (n) out.push(`${path} (${o.bytes.length} bytes, ${n} LF)`);
    } else if (o.kind === "array") o.items.forEach((x, i) => walk(x, `${path}[${i}]`, out));
    else if (o.kind === "dict" || o.kind === "stream") for (const [k, x] of (o.kind === "stream" ? o.dict : o).entries) walk(x, `${path}/${k}`, out);
  };
  for (const e of v.revision.entries) {
    if (e.type === "free") continue;
    const o = v.objectByNumber(e.num);
    const out: string[] = [];
    if (o) walk(o.value, `${e.num}`, out);
    if (out.length) console.log(f, out.join("; "));
  }
}
