// Mutations for hostile-input fuzzing, as fast-check arbitraries of plain data (printable and replayable:
// a failing case shows exactly which operations made it). Positions are drawn as large naturals and taken
// modulo the input's length when applied, so one operation list fits any input.
import fc from "fast-check";

const pick = <T>(xs: readonly T[], n: number): T => xs[n % xs.length]!;

// ---------------------------------------------------------------------------------------------------------
// Bytes

export type ByteOp =
  | { op: "flip"; at: number; bit: number }
  | { op: "set"; at: number; value: number }
  | { op: "insert"; at: number; bytes: number[] }
  | { op: "delete"; at: number; len: number }
  | { op: "truncate"; keep: number }
  | { op: "duplicate"; at: number; len: number; to: number }
  | { op: "splice"; at: number; text: string };

/** Fragments that mean something to one of the parsers (PDF, JSON, base64, DER). */
export const HOSTILE_FRAGMENTS = [
  "0",
  "-1",
  "4294967296",
  "99999999999999999999",
  "1e308",
  "1.5",
  "null",
  "true",
  "<<",
  ">>",
  "[",
  "]",
  "(",
  ")",
  "<",
  ">",
  "{",
  "}",
  '"',
  "\\",
  ",",
  ":",
  "=",
  ".",
  "%%EOF",
  "startxref",
  "xref",
  "endobj",
  "obj",
  "stream\n",
  "\nendstream",
  "R",
  "/Kids [1 0 R]",
  "/Prev 0",
  "/Length 99999999",
  "/Filter /FlateDecode",
  "/Type /ObjStm /N 99999 /First 0",
  "1 0 R",
  "999999 0 R",
  "[".repeat(300),
  "<<".repeat(200),
  '{"a":'.repeat(100),
  "\u0000",
  "\uffff",
  "\r\n",
  "-----BEGIN CERTIFICATE-----",
  "-----END CERTIFICATE-----",
  "eyJhbGciOiJub25lIn0",
];

const at = fc.nat({ max: 2 ** 31 - 1 });

export const byteOp: fc.Arbitrary<ByteOp> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant("flip" as const), at, bit: fc.integer({ min: 0, max: 7 }) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("set" as const), at, value: fc.integer({ min: 0, max: 255 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant("insert" as const), at, bytes: fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 8 }) }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("delete" as const), at, len: fc.integer({ min: 1, max: 64 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("truncate" as const), keep: at }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("duplicate" as const), at, len: fc.integer({ min: 1, max: 512 }), to: at }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("splice" as const), at, text: fc.constantFrom(...HOSTILE_FRAGMENTS) }) },
);

export function applyByteOp(input: Uint8Array, m: ByteOp): Uint8Array {
  const n = input.length;
  if (n === 0) return m.op === "insert" ? Uint8Array.from(m.bytes) : input;
  const b = Buffer.from(input);
  switch (m.op) {
    case "flip": {
      const out = Buffer.from(b);
      out[m.at % n]! ^= 1 << m.bit;
      return out;
    }
    case "set": {
      const out = Buffer.from(b);
      out[m.at % n] = m.value;
      return out;
    }
    case "insert": {
      const p = m.at % (n + 1);
      return Buffer.concat([b.subarray(0, p), Buffer.from(m.bytes), b.subarray(p)]);
    }
    case "delete": {
      const p = m.at % n;
      return Buffer.concat([b.subarray(0, p), b.subarray(Math.min(n, p + m.len))]);
    }
    case "truncate":
      return b.subarray(0, m.keep % n);
    case "duplicate": {
      const p = m.at % n;
      const chunk = b.subarray(p, Math.min(n, p + m.len));
      const q = m.to % (n + 1);
      return Buffer.concat([b.subarray(0, q), chunk, b.subarray(q)]);
    }
    case "splice": {
      const p = m.at % (n + 1);
      return Buffer.concat([b.subarray(0, p), Buffer.from(m.text, "latin1"), b.subarray(p)]);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// PDF tokens: replace the k-th token of the file (number, name, reference, delimiter, keyword).

export interface PdfTokenOp {
  op: "pdf-token";
  index: number;
  replacement: string;
}

const PDF_TOKEN = /\d+ \d+ R|\/[A-Za-z0-9#._-]+|-?\d+(?:\.\d+)?|<<|>>|\[|\]|\b(?:obj|endobj|stream|endstream|xref|trailer|startxref)\b/g;
const PDF_REPLACEMENTS = [
  ...HOSTILE_FRAGMENTS,
  "/Names [(workflow_token.jwt) 1 0 R]",
  "/EmbeddedFiles 1 0 R",
  "/DSS << /OCSPs [1 0 R 1 0 R] >>",
  "/ByteRange [0 0 0 0]",
  "/Contents <00>",
  "/Perms << >>",
  "/FT /Sig",
  "/Annots [1 0 R]",
  "/Count -1",
  "/Size 0",
  "/XRefStm 0",
  "/W [9 9 9]",
  "/Index [0 99999999]",
  "/DecodeParms << /Predictor 12 /Columns 0 >>",
  "/Predictor 2 /Colors 0",
  "/Encrypt << >>",
];
const tokenCache = new WeakMap<Uint8Array, [number, number][]>();

function pdfTokens(input: Uint8Array): [number, number][] {
  let t = tokenCache.get(input);
  if (!t) {
    t = [...Buffer.from(input).toString("latin1").matchAll(PDF_TOKEN)].map((m) => [m.index!, m[0].length] as [number, number]);
    tokenCache.set(input, t);
  }
  return t;
}

export const pdfTokenOp: fc.Arbitrary<PdfTokenOp> = fc.record({
  op: fc.constant("pdf-token" as const),
  index: at,
  replacement: fc.constantFrom(...PDF_REPLACEMENTS),
});

export function applyPdfTokenOp(input: Uint8Array, m: PdfTokenOp, tokensOf: Uint8Array = input): Uint8Array {
  const tokens = pdfTokens(tokensOf);
  if (tokens.length === 0) return input;
  const [p, len] = pick(tokens, m.index);
  const b = Buffer.from(input);
  return Buffer.concat([b.subarray(0, p), Buffer.from(m.replacement, "latin1"), b.subarray(p + len)]);
}

// ---------------------------------------------------------------------------------------------------------
// ASN.1: parse DER into a tree (definite lengths), mutate a node, re-encode with correct lengths so that the
// result reaches the schema code behind the DER reader.

interface Node {
  tag: Uint8Array;
  constructed: boolean;
  children?: Node[];
  content?: Uint8Array;
  /** Already encoded (tag, length and value). */
  raw?: Uint8Array;
}

function parseDer(b: Uint8Array, start: number, end: number, depth: number, budget: { n: number }): Node[] | null {
  const out: Node[] = [];
  let p = start;
  while (p < end) {
    if (--budget.n < 0 || depth > 40) return null;
    const t0 = p;
    const first = b[p++]!;
    if ((first & 0x1f) === 0x1f) while (p < end && b[p]! & 0x80) (p++, p++);
    if (p >= end) return null;
    const tag = b.subarray(t0, (first & 0x1f) === 0x1f ? p : t0 + 1);
    let len = b[p++]!;
    if (len === 0x80) return null;
    if (len & 0x80) {
      const k = len & 0x7f;
      if (k > 4) return null;
      len = 0;
      for (let i = 0; i < k; i++) len = len * 256 + (b[p++] ?? 0);
    }
    if (p + len > end) return null;
    const constructed = (first & 0x20) !== 0;
    if (constructed) {
      const children = parseDer(b, p, p + len, depth + 1, budget);
      if (!children) return null;
      out.push({ tag, constructed, children });
    } else out.push({ tag, constructed, content: b.subarray(p, p + len) });
    p += len;
  }
  return out;
}

function encLen(n: number): number[] {
  if (n < 0x80) return [n];
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return [0x80 | bytes.length, ...bytes];
}

function encode(nodes: Node[]): Buffer {
  return Buffer.concat(
    nodes.map((nd) => {
      if (nd.raw) return Buffer.from(nd.raw);
      const body = nd.children ? encode(nd.children) : Buffer.from(nd.content ?? []);
      return Buffer.concat([Buffer.from(nd.tag), Buffer.from(encLen(body.length)), body]);
    }),
  );
}

function flatten(nodes: Node[], out: { node: Node; parent: Node[]; index: number }[] = []) {
  nodes.forEach((node, index) => {
    out.push({ node, parent: nodes, index });
    if (node.children) flatten(node.children, out);
  });
  return out;
}

export type Asn1Op =
  | { op: "asn1"; kind: "tag"; node: number; value: number }
  | { op: "asn1"; kind: "content"; node: number; bytes: number[] }
  | { op: "asn1"; kind: "empty" | "delete" | "duplicate" | "swap-next" | "zero-int" | "huge-int"; node: number }
  | { op: "asn1"; kind: "nest"; node: number; depth: number }
  | { op: "asn1"; kind: "raw-length"; node: number; lengthBytes: number[] };

export const asn1Op: fc.Arbitrary<Asn1Op> = fc.oneof(
  fc.record({ op: fc.constant("asn1" as const), kind: fc.constant("tag" as const), node: at, value: fc.integer({ min: 0, max: 255 }) }),
  fc.record({
    op: fc.constant("asn1" as const),
    kind: fc.constant("content" as const),
    node: at,
    bytes: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 16 }),
  }),
  fc.record({
    op: fc.constant("asn1" as const),
    kind: fc.constantFrom("empty" as const, "delete" as const, "duplicate" as const, "swap-next" as const, "zero-int" as const, "huge-int" as const),
    node: at,
  }),
  fc.record({ op: fc.constant("asn1" as const), kind: fc.constant("nest" as const), node: at, depth: fc.constantFrom(2, 20, 70, 500, 5000) }),
  fc.record({
    op: fc.constant("asn1" as const),
    kind: fc.constant("raw-length" as const),
    node: at,
    lengthBytes: fc.constantFrom<number[]>([0x80], [0x84, 0xff, 0xff, 0xff, 0xff], [0x85, 1, 0, 0, 0, 0], [0x00], [0x81, 0x01], [0x82, 0xff, 0xff]),
  }),
);

export function applyAsn1Op(der: Uint8Array, m: Asn1Op): Uint8Array {
  const tree = parseDer(der, 0, der.length, 0, { n: 20_000 });
  if (!tree || tree.length === 0) return der;
  const nodes = flatten(tree);
  const target = pick(nodes, m.node);
  const { node, parent, index } = target;
  switch (m.kind) {
    case "tag":
      node.tag = Uint8Array.of(m.value);
      if ((m.value & 0x20) !== 0 && !node.children)
        node.children = parseDer(node.content ?? new Uint8Array(), 0, node.content?.length ?? 0, 0, { n: 1000 }) ?? [];
      if ((m.value & 0x20) === 0 && node.children) {
        node.content = encode(node.children);
        delete node.children;
      }
      break;
    case "content":
      if (node.children) delete node.children;
      node.content = Uint8Array.from(m.bytes);
      break;
    case "empty":
      if (node.children) node.children = [];
      else node.content = new Uint8Array();
      break;
    case "delete":
      parent.splice(index, 1);
      break;
    case "duplicate":
      parent.splice(index, 0, node);
      break;
    case "swap-next":
      if (index + 1 < parent.length) [parent[index], parent[index + 1]] = [parent[index + 1]!, node];
      break;
    case "zero-int":
      if (!node.children) node.content = Uint8Array.of(0);
      break;
    case "huge-int":
      if (!node.children) node.content = new Uint8Array(2048).fill(0x7f);
      break;
    case "nest": {
      // Wrapped iteratively into one raw node (a recursive encoder would itself overflow the stack).
      let bytes: Buffer = encode([node]);
      for (let i = 0; i < m.depth; i++) bytes = Buffer.concat([Buffer.of(0x30, ...encLen(bytes.length)), bytes]);
      parent[index] = { tag: new Uint8Array(), constructed: false, raw: bytes };
      break;
    }
    case "raw-length": {
      // A broken length, written as is: re-encode everything, then patch this node's length bytes.
      const marker = Uint8Array.of(0xde, 0xad, 0xbe, 0xef, 0x5a, 0xa5);
      const saved = node.content;
      node.content = marker;
      delete node.children;
      const enc = encode(tree);
      const p = enc.indexOf(Buffer.from(marker));
      node.content = saved;
      if (p < 2) return enc;
      return Buffer.concat([enc.subarray(0, p - 1), Buffer.from(m.lengthBytes), Buffer.from(saved ?? []), enc.subarray(p + marker.length)]);
    }
  }
  return encode(tree);
}

// ---------------------------------------------------------------------------------------------------------
// JSON: pick a node of the parsed value, change it, serialise (or write a duplicate key as text).

export type JsonOp =
  | { op: "json"; kind: "replace"; node: number; value: number }
  | { op: "json"; kind: "delete" | "string-char" | "duplicate-key" | "deep"; node: number; n: number };

const JSON_VALUES: unknown[] = [
  null,
  0,
  -1,
  1e308,
  1.5,
  "",
  "x",
  "A".repeat(5000),
  [],
  {},
  true,
  false,
  "0",
  "-1",
  "DK",
  "not base64 !!",
  "=",
  "a.b.c",
  "eyJ9.e30.",
  [[[]]],
  { __proto__: 1 },
];

export const jsonOp: fc.Arbitrary<JsonOp> = fc.oneof(
  fc.record({ op: fc.constant("json" as const), kind: fc.constant("replace" as const), node: at, value: fc.nat({ max: JSON_VALUES.length - 1 }) }),
  fc.record({
    op: fc.constant("json" as const),
    kind: fc.constantFrom("delete" as const, "string-char" as const, "duplicate-key" as const, "deep" as const),
    node: at,
    n: at,
  }),
);

interface JPath {
  container: Record<string, unknown> | unknown[];
  key: string | number;
}

function jsonNodes(v: unknown, out: JPath[] = []): JPath[] {
  if (Array.isArray(v)) v.forEach((_, i) => (out.push({ container: v, key: i }), jsonNodes(v[i], out)));
  else if (v && typeof v === "object")
    for (const k of Object.keys(v)) (out.push({ container: v as Record<string, unknown>, key: k }), jsonNodes((v as Record<string, unknown>)[k], out));
  return out;
}

/** Applies a JSON op to JSON text; text that does not parse is returned unchanged. */
export function applyJsonOp(text: string, m: JsonOp): string {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return text;
  }
  const nodes = jsonNodes(v);
  if (nodes.length === 0) return text;
  const { container, key } = pick(nodes, m.node);
  const get = () => (container as Record<string | number, unknown>)[key];
  const set = (x: unknown) => ((container as Record<string | number, unknown>)[key] = x);
  switch (m.kind) {
    case "replace":
      set(structuredClone(JSON_VALUES[m.value]));
      break;
    case "delete":
      if (Array.isArray(container)) container.splice(key as number, 1);
      else delete container[key as string];
      break;
    case "string-char": {
      const s = get();
      if (typeof s === "string" && s.length) {
        const i = m.n % s.length;
        set(s.slice(0, i) + String.fromCharCode(s.charCodeAt(i) ^ (1 + (m.n % 7))) + s.slice(i + 1));
      } else set(`${String(s)}x`);
      break;
    }
    case "deep": {
      let x: unknown = 1;
      for (let i = 0; i < 40 + (m.n % 200); i++) x = i % 2 ? [x] : { a: x };
      set(x);
      break;
    }
    case "duplicate-key": {
      if (Array.isArray(container) || typeof key !== "string") break;
      // Serialise with a marker, then write the key twice: {"k": <changed>, "k": <original>}.
      const marker = `__dup_${m.n}__`;
      const original = get();
      set(marker);
      const out = JSON.stringify(v);
      const dup = `${JSON.stringify(key)}:${JSON.stringify(typeof original === "string" ? `${original}x` : 0)},${JSON.stringify(key)}:${JSON.stringify(original)}`;
      return out.replace(`${JSON.stringify(key)}:${JSON.stringify(marker)}`, dup);
    }
  }
  return JSON.stringify(v);
}

// ---------------------------------------------------------------------------------------------------------
// Compact JWS: act on one segment, or on the decoded header/payload JSON.

export type JwtOp =
  | { op: "jwt"; kind: "char"; segment: number; at: number; char: number }
  | { op: "jwt"; kind: "json"; segment: 0 | 1; json: JsonOp }
  | {
      op: "jwt";
      kind: "drop-segment" | "swap-segments" | "empty-signature" | "extra-dot" | "alg-none" | "b64-false" | "crit" | "payload-array" | "whitespace";
      segment: number;
    };

const B64U = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

export const jwtOp: fc.Arbitrary<JwtOp> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant("jwt" as const),
      kind: fc.constant("char" as const),
      segment: fc.integer({ min: 0, max: 2 }),
      at,
      char: fc.nat({ max: 127 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant("jwt" as const),
      kind: fc.constant("json" as const),
      segment: fc.constantFrom(0 as const, 1 as const),
      json: jsonOp,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant("jwt" as const),
      kind: fc.constantFrom(
        "drop-segment" as const,
        "swap-segments" as const,
        "empty-signature" as const,
        "extra-dot" as const,
        "alg-none" as const,
        "b64-false" as const,
        "crit" as const,
        "payload-array" as const,
        "whitespace" as const,
      ),
      segment: fc.integer({ min: 0, max: 2 }),
    }),
  },
);

const u = (s: string) => Buffer.from(s, "base64url").toString("utf8");
const e = (s: string) => Buffer.from(s, "utf8").toString("base64url");

export function applyJwtOp(token: string, m: JwtOp): string {
  const parts = token.split(".");
  if (parts.length !== 3) return token;
  const [h, p, s] = parts as [string, string, string];
  const headerWith = (f: (x: Record<string, unknown>) => Record<string, unknown>) => {
    try {
      return e(JSON.stringify(f(JSON.parse(u(h)) as Record<string, unknown>)));
    } catch {
      return h;
    }
  };
  switch (m.kind) {
    case "char": {
      const seg = parts[m.segment]!;
      if (seg.length === 0) return token;
      const i = m.at % seg.length;
      // Mostly a different base64url character (the interesting case: still decodable), sometimes any.
      const c = m.char < 100 ? B64U[(B64U.indexOf(seg[i]!) + 1 + (m.char % 63)) % 64]! : String.fromCharCode(m.char);
      parts[m.segment] = seg.slice(0, i) + c + seg.slice(i + 1);
      return parts.join(".");
    }
    case "json": {
      const seg = parts[m.segment]!;
      parts[m.segment] = e(applyJsonOp(u(seg), m.json));
      return parts.join(".");
    }
    case "drop-segment":
      parts.splice(m.segment, 1);
      return parts.join(".");
    case "swap-segments":
      return [p, h, s].join(".");
    case "empty-signature":
      return `${h}.${p}.`;
    case "extra-dot":
      return `${token}.`;
    case "alg-none":
      return `${headerWith((x) => ({ ...x, alg: "none" }))}.${p}.`;
    case "b64-false":
      return `${headerWith((x) => ({ ...x, b64: false, crit: ["b64"] }))}.${p}.${s}`;
    case "crit":
      return `${headerWith((x) => ({ ...x, crit: ["exp"] }))}.${p}.${s}`;
    case "payload-array":
      return `${h}.${e("[1,2,3]")}.${s}`;
    case "whitespace":
      return `${h}.${p}.${s}\n`;
  }
}
