// Stream filters: FlateDecode (with PNG and TIFF predictors) and no filter. Everything a sealed file needs
// to be judged is Flate or raw; any other filter is refused by name rather than half-decoded.
import { InflateLimitError, inflateBounded as inflate } from "../../platform/inflate.js";
import { FormatError, LimitError } from "../../errors.js";
import type { PdfDict, PdfObject } from "./objects.js";

export interface FilterSpec {
  /** Filter name without the slash. */
  name: string;
  /** Its /DecodeParms dictionary, already resolved, if any. */
  parms?: PdfDict;
}

/** Decodes `raw` through `filters` in order; every intermediate and final result is bounded by `maxBytes`. */
export function decodeFilters(raw: Uint8Array, filters: readonly FilterSpec[], maxBytes: number): Uint8Array {
  let data = raw;
  if (filters.length === 0 && raw.length > maxBytes) {
    throw new LimitError("maxDecodedStreamBytes", `stream of ${raw.length} bytes exceeds the limit of ${maxBytes}`);
  }
  for (const f of filters) {
    if (f.name !== "FlateDecode") throw new FormatError(`unsupported stream filter /${f.name}`);
    data = applyPredictor(inflateBounded(data, maxBytes), f.parms);
  }
  return data;
}

function inflateBounded(data: Uint8Array, maxBytes: number): Uint8Array {
  try {
    // maxOutputLength makes zlib stop as soon as the output would exceed the limit: a bomb costs at most
    // `maxBytes` of memory and the time to produce it, never its full expanded size.
    return inflate(data, maxBytes);
  } catch (e) {
    if (e instanceof InflateLimitError) {
      throw new LimitError("maxDecodedStreamBytes", `FlateDecode output exceeds the limit of ${maxBytes} bytes`);
    }
    throw new FormatError(`corrupt FlateDecode data: ${(e as Error).message}`);
  }
}

function intParam(parms: PdfDict | undefined, key: string, dflt: number): number {
  const v: PdfObject | undefined = parms?.entries.get(key);
  if (v === undefined || v.kind === "null") return dflt;
  if (v.kind !== "number" || !v.integer || v.value < 0) throw new FormatError(`/DecodeParms /${key} is not a non-negative integer`);
  return v.value;
}

export function applyPredictor(data: Uint8Array, parms: PdfDict | undefined): Uint8Array {
  const predictor = intParam(parms, "Predictor", 1);
  if (predictor === 1) return data;
  const colors = intParam(parms, "Colors", 1);
  const bpc = intParam(parms, "BitsPerComponent", 8);
  const columns = intParam(parms, "Columns", 1);
  if (colors < 1 || colors > 32 || ![1, 2, 4, 8, 16].includes(bpc) || columns < 1 || columns > 1 << 24) {
    throw new FormatError(`unsupported predictor parameters (Colors ${colors}, BitsPerComponent ${bpc}, Columns ${columns})`);
  }
  const bpp = Math.max(1, Math.ceil((colors * bpc) / 8));
  const rowLength = Math.ceil((colors * bpc * columns) / 8);
  if (predictor >= 10 && predictor <= 15) return pngUnpredict(data, rowLength, bpp);
  if (predictor === 2) return tiffUnpredict(data, rowLength, colors, bpc);
  throw new FormatError(`unsupported /Predictor ${predictor}`);
}

/** PNG predictors: each row starts with its own filter-type byte (0–4), whatever /Predictor 10–15 says. */
function pngUnpredict(data: Uint8Array, rowLength: number, bpp: number): Uint8Array {
  const stride = rowLength + 1;
  if (data.length % stride !== 0) throw new FormatError(`PNG-predicted data length ${data.length} is not a multiple of the row size ${stride}`);
  const rows = data.length / stride;
  const out = new Uint8Array(rows * rowLength);
  for (let r = 0; r < rows; r++) {
    const type = data[r * stride] as number;
    const src = r * stride + 1;
    const dst = r * rowLength;
    const prev = dst - rowLength; // previous output row; "up" is 0 on the first row
    for (let i = 0; i < rowLength; i++) {
      const x = data[src + i] as number;
      const a = i >= bpp ? (out[dst + i - bpp] as number) : 0;
      const b = r > 0 ? (out[prev + i] as number) : 0;
      const c = r > 0 && i >= bpp ? (out[prev + i - bpp] as number) : 0;
      let v: number;
      switch (type) {
        case 0:
          v = x;
          break;
        case 1:
          v = x + a;
          break;
        case 2:
          v = x + b;
          break;
        case 3:
          v = x + ((a + b) >> 1);
          break;
        case 4: {
          const p = a + b - c;
          const pa = Math.abs(p - a);
          const pb = Math.abs(p - b);
          const pc = Math.abs(p - c);
          v = x + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
          break;
        }
        default:
          throw new FormatError(`invalid PNG predictor row type ${type}`);
      }
      out[dst + i] = v & 0xff;
    }
  }
  return out;
}

/** TIFF predictor 2 (horizontal differencing), for 8- and 16-bit components. */
function tiffUnpredict(data: Uint8Array, rowLength: number, colors: number, bpc: number): Uint8Array {
  if (bpc !== 8 && bpc !== 16) throw new FormatError(`TIFF predictor with ${bpc} bits per component is not supported`);
  if (data.length % rowLength !== 0) throw new FormatError(`TIFF-predicted data length ${data.length} is not a multiple of the row size ${rowLength}`);
  const out = Uint8Array.from(data);
  for (let row = 0; row < out.length; row += rowLength) {
    if (bpc === 8) {
      for (let i = colors; i < rowLength; i++) out[row + i] = ((out[row + i] as number) + (out[row + i - colors] as number)) & 0xff;
    } else {
      const step = colors * 2;
      for (let i = step; i + 1 < rowLength; i += 2) {
        const v =
          (((out[row + i] as number) << 8) | (out[row + i + 1] as number)) + (((out[row + i - step] as number) << 8) | (out[row + i - step + 1] as number));
        out[row + i] = (v >> 8) & 0xff;
        out[row + i + 1] = v & 0xff;
      }
    }
  }
  return out;
}
