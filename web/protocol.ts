// What the page and its verification worker say to each other (structured clone: File objects pass by
// reference, nothing is copied until the worker reads it).

export interface NamedBytes {
  name: string;
  bytes: Uint8Array;
}

export interface VerifyRequest {
  type: "verify";
  evidence: File;
  originals: File[];
  /** Certificate files the user picked, each an anchor for every role (as --trust). */
  trust: File[];
  /** The anchors bundled at build time, when the user keeps them. */
  bundled: NamedBytes[];
  /** Trusted lists (ETSI TS 119 612), as --trusted-list: each verified first, its services anchors for their roles. */
  lists: File[];
  /** Lists of lists that announce the lists' signers, as --lotl. */
  lotls: File[];
  /** Pinned signer certificates of a list of lists or of a list itself, as --tl-signer. */
  listSigners: File[];
  showPersonalData: boolean;
  /** Validation time (ISO 8601 with a zone); empty: the time the evidence proves, as the CLI's default. */
  at: string;
  /**
   * How the evidence is read (web/file-source.ts): omitted, in blocks of 64 KiB. Tests read in small blocks with
   * the memory of blocks not read poisoned (the page passes `globalThis.sealcheckReading` when set).
   */
  reading?: { block: number; poison?: number };
}

/** An ID token (verify-id-token): the token's text, the broker's key set as a JWKS or snapshot file. */
export interface IdTokenRequest {
  type: "verify-id-token";
  token: string;
  jwks: File;
  /** A URL, or production, preproduction, test. */
  issuer: string;
  audience: string;
  /** Expected senders; empty: the sender is reported, not compared. */
  senders: string[];
  at: string;
  showPersonalData: boolean;
}

export type WorkerMessage =
  | { type: "progress"; phase: "reading" | "verifying"; file?: string; done: number; total: number }
  | {
      type: "result";
      /** The report as the CLI's --json writes it. */
      json: string;
      indication: string;
      subIndication: string | null;
      /** The verdict and its reason in plain words (the CLI's --summary, or verify-id-token's report, without colour). */
      summary: string;
      /** The statement as the CLI's --report writes it (archives; empty for an ID token). */
      html: string;
      ms: number;
      /** The evidence file's size, and how much of it the worker read into memory after hashing it (archives). */
      evidenceRead?: { size: number; held: number };
    }
  | { type: "error"; message: string };
