/** Resource limits for untrusted input. Every reader takes these; every default is documented in the README. */
export interface Limits {
  /** Largest evidence file read (PDF or JSON). */
  maxEvidenceBytes: number;
  /** Largest decoded size of one PDF stream (attachment, xref stream, object stream). */
  maxDecodedStreamBytes: number;
  /** Deepest nesting of PDF arrays/dictionaries. */
  maxPdfDepth: number;
  /** Most revisions (incremental updates) followed through /Prev. */
  maxRevisions: number;
  /** Most objects in one PDF. */
  maxPdfObjects: number;
  /** Most nodes visited in a name tree or page tree. */
  maxTreeNodes: number;
  /** Deepest ASN.1 nesting accepted in DER input. */
  maxAsn1Depth: number;
  /** Largest DER blob (CMS, OCSP, certificate). */
  maxDerBytes: number;
  /** Largest JSON text and deepest JSON nesting. */
  maxJsonBytes: number;
  maxJsonDepth: number;
  /** Largest compact JWT. */
  maxJwtBytes: number;
  /** Most keys in a JWKS. */
  maxJwksKeys: number;
  /** Most original files compared. */
  maxOriginals: number;
  /** Most document_N / signature_N claims. */
  maxNumberedClaims: number;
}

export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  maxEvidenceBytes: 2 * 1024 ** 3, // archives may hold PDFs of hundreds of MB
  maxDecodedStreamBytes: 64 * 1024 ** 2,
  maxPdfDepth: 64,
  maxRevisions: 256,
  maxPdfObjects: 2_000_000,
  maxTreeNodes: 100_000,
  maxAsn1Depth: 64,
  maxDerBytes: 16 * 1024 ** 2,
  maxJsonBytes: 512 * 1024 ** 2, // the PAdES endpoint JSON embeds the whole PDF in base64
  maxJsonDepth: 64,
  maxJwtBytes: 4 * 1024 ** 2,
  maxJwksKeys: 100,
  maxOriginals: 10_000,
  maxNumberedClaims: 10_000,
});

export function resolveLimits(overrides: Partial<Limits> = {}): Limits {
  return { ...DEFAULT_LIMITS, ...overrides };
}
