// The evidence as a source over the browser's File (src/input/source.ts), in the page's worker: the library's
// own hashing pass and sparse source (src/input/sparse.ts), as the CLI reads a file of 16 MB or more, with the
// File in the place of the file on disk. The pass reads the File in order, a megabyte at a time, the next read
// while this one is hashed, and keeps the SHA-256 state at each block's start; the PDF reader's reads then
// fetch the blocks they need with FileReaderSync (the reader is synchronous; a worker may read
// synchronously), each checked against that pass. The file is never held whole: image data no check reads
// stays on disk. The pass reads the File's stream into two buffers of its own (a BYOB reader): a new
// ArrayBuffer per megabyte, as Blob.slice + arrayBuffer gives, is garbage that V8 collects only every ~64 MB
// (Chromium, 104 MB archive: the renderer's peak +69 MB with slices, +12 MB with the BYOB reader).
import { SealcheckError, errorMessage } from "../src/api/common.js";
import { SparseSource, fileChanged, hashPass, type OpenedFile } from "../src/input/sparse.js";
import { wholeSource, type EvidenceSource } from "../src/input/source.js";

/** FileReaderSync, a worker's (the library is type-checked without the DOM's types). */
declare const FileReaderSync: new () => { readAsArrayBuffer(blob: Blob): ArrayBuffer };

/** How the page reads evidence: blocks of `block` bytes, as the CLI's (tests: small blocks, the unread memory `poison`ed). */
export interface FileReading {
  readonly block: number;
  readonly poison?: number;
}

export const FILE_READING: FileReading = Object.freeze({ block: 64 * 1024 });

/** A source over `file`, hashed once now (`progress` hears the bytes hashed so far). */
export async function fileSource(
  file: File,
  progress?: (done: number) => void,
  reading: FileReading = FILE_READING,
): Promise<EvidenceSource & { bytesRead(): number }> {
  const name = file.name;
  const size = file.size;
  if (size === 0) {
    const empty = wholeSource(new Uint8Array(0));
    return Object.assign(empty, { bytesRead: () => 0 });
  }
  const readChunk = inOrder(file);
  const hashed = await hashPass(
    name,
    size,
    reading.block,
    (slot, pos, length) =>
      readChunk(slot, pos, length).catch((e: unknown) => {
        throw new SealcheckError("ERR_FILE_UNREADABLE", `${name}: cannot read (${errorMessage(e)})`, { file: name, cause: e });
      }),
    progress,
  );
  return new SparseSource({ ...hashed, open: () => openAgain(file) }, size, reading.poison);
}

/**
 * Reads `file` from its start, chunk after chunk, into two buffers reused in turn (`slot`): its stream's BYOB
 * reader, or, in a browser whose Blob streams have none, slices.
 */
function inOrder(file: File): (slot: 0 | 1, pos: number, length: number) => Promise<Uint8Array> {
  let reader: ReadableStreamBYOBReader | null;
  try {
    reader = file.stream().getReader({ mode: "byob" });
  } catch {
    reader = null;
  }
  const bufs: ArrayBuffer[] = [new ArrayBuffer(0), new ArrayBuffer(0)];
  let at = 0;
  return async (slot, pos, length) => {
    if (!reader || pos !== at) return new Uint8Array(await file.slice(pos, pos + length).arrayBuffer());
    let buf = bufs[slot]!.byteLength >= length ? bufs[slot]! : new ArrayBuffer(length);
    let filled = 0;
    while (filled < length) {
      // The buffer is the stream's while it fills (transferred): the view it gives back is the buffer again.
      const { done, value } = await reader.read(new Uint8Array(buf, filled, length - filled));
      buf = value ? value.buffer : new ArrayBuffer(length);
      if (done || !value) break;
      filled += value.byteLength;
    }
    bufs[slot] = buf;
    at = pos + filled;
    return new Uint8Array(buf, 0, filled);
  };
}

/** The File read again, block by block, synchronously (a File whose file on disk changed cannot be read: an error naming it). */
function openAgain(file: File): OpenedFile {
  const reader = new FileReaderSync();
  return {
    read(into, from, to) {
      let got: ArrayBuffer;
      try {
        got = reader.readAsArrayBuffer(file.slice(from, to));
      } catch (e) {
        throw new SealcheckError("ERR_FILE_UNREADABLE", `${file.name}: cannot read it again (${errorMessage(e)})`, { file: file.name, cause: e });
      }
      if (got.byteLength !== to - from) throw fileChanged(file.name, "it is shorter");
      into.set(new Uint8Array(got), from);
    },
    close: () => undefined,
  };
}
