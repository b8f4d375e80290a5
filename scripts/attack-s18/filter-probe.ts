// a23: page 1 re-stated, value for value, in an object stream (listed) under a filter name sealcheck's agreed
// decoding accepts: the abbreviations (/Fl, /LZW, /AHx, /A85, /RL), #-escaped names, one-element arrays. Does every
// reader decode it? A reader that does not drops page 1 (null) or shows another page.
//   npx tsx scripts/attack-s18/filter-probe.ts <Fl|LZW|AHx|A85|RL|esc|arr|arr-esc>
import { deflateSync } from "node:zlib";
import { judge, latin, page1 } from "../attack-s16/lib.js";

const name = process.argv[2] ?? "Fl";
const p = page1();
const text = Uint8Array.from(latin(`${p.num} 0 << ${[...p.kept, ...p.sealedTail].join(" ")} >>\n`));
const first = latin(`${p.num} 0 `).length;
const hex = (b: Uint8Array) => Buffer.from(Buffer.from(b).toString("hex").toUpperCase() + ">", "latin1");
function a85(b: Uint8Array): Buffer {
  let s = "";
  for (let i = 0; i < b.length; i += 4) {
    const chunk = [...b.subarray(i, i + 4)];
    const n = chunk.length;
    while (chunk.length < 4) chunk.push(0);
    let v = ((chunk[0]! << 24) | (chunk[1]! << 16) | (chunk[2]! << 8) | chunk[3]!) >>> 0;
    if (v === 0 && n === 4) {
      s += "z";
      continue;
    }
    const d: string[] = [];
    for (let k = 0; k < 5; k++) {
      d.unshift(String.fromCharCode((v % 85) + 33));
      v = Math.floor(v / 85);
    }
    s += d.slice(0, n + 1).join("");
  }
  return Buffer.from(s + "~>", "latin1");
}
function rl(b: Uint8Array): Buffer {
  const out: number[] = [];
  for (let i = 0; i < b.length; i += 128) {
    const c = b.subarray(i, i + 128);
    out.push(c.length - 1, ...c);
  }
  out.push(128);
  return Buffer.from(out);
}
function lzw(b: Uint8Array): Buffer {
  // literal codes only, clear at start, table reset every 3000 codes, EarlyChange 1
  const bits: number[] = [];
  const put = (code: number, w: number) => {
    for (let i = w - 1; i >= 0; i--) bits.push((code >> i) & 1);
  };
  let next = 258;
  let width = 9;
  put(256, 9);
  b.forEach((x, i) => {
    put(x, width);
    if (i > 0 || true) {
      if (next < 4096 && i > 0) next++;
    }
    if (next + 1 >= 1 << width && width < 12) width++;
  });
  put(257, width);
  while (bits.length % 8) bits.push(0);
  const out: number[] = [];
  for (let i = 0; i < bits.length; i += 8) out.push(parseInt(bits.slice(i, i + 8).join(""), 2));
  return Buffer.from(out);
}
const table: Record<string, [string, Uint8Array]> = {
  Fl: ["/Fl", deflateSync(text)],
  LZW: ["/LZW", lzw(text)],
  AHx: ["/AHx", hex(text)],
  A85: ["/A85", a85(text)],
  RL: ["/RL", rl(text)],
  esc: ["/Fl#61teDecode", deflateSync(text)],
  arr: ["[/Fl]", deflateSync(text)],
  "arr-esc": ["[/#46lateDecode]", deflateSync(text)],
  chain: ["[/AHx /Fl]", hex(deflateSync(text))],
};
const [f, data] =
  table[name] ??
  (() => {
    throw new Error("usage: <Fl|LZW|AHx|A85|RL|esc|arr|arr-esc|chain>");
  })();
judge(`filter ${f}`, p.write({ filter: `/Filter ${f}`, first, data }, `filter-${name}`));
