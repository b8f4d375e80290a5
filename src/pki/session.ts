// The pki layer's half of a verification session: the DER limits every decode runs within and the caches
// (PkiCaches) kept between the archives the session verifies. Every decoder and judge of src/pki takes one;
// nothing in src/pki keeps state of its own. Lifetime: as long as its owner keeps it (a library caller's
// session, one batch worker for its whole batch, or the default process session); clear() drops every
// cache at once, and what is decoded afterwards is decoded afresh, with the same results.
import type * as pkijs from "pkijs";
import { DEFAULT_LIMITS, resolveLimits, type Limits } from "../limits.js";
import { ENGINE } from "./crypto-engine.js";
import type { DerLimits } from "./der.js";
import { PkiCaches, type CacheSlot } from "./kept.js";

export interface PkiSessionOptions {
  /**
   * Decode large values part by part (the default) or always whole with asn1js and pkijs. Both give the
   * same results (test/pki/decode-by-parts.test.ts); whole is slower and exists to show that they do.
   */
  byParts?: boolean;
}

/**
 * The work one run (one verifyArchive, one augment) spends on signature checks made only to find which of
 * several candidate certificates signed (an OCSP response's responder): counted across the run's judgements,
 * so that items anyone can add (a DSS's) bound it whatever their number (a8 D2). Not a cache: it never changes
 * an answer but to stop work, and a stop is reported as such.
 */
export class RunWork {
  /**
   * How many OCSP signatures with authorised candidates this run may check: 4,096, and at least 4 per item the
   * limits let a file hold where anyone may add (a DSS's and the timestamps' CMS, maxValidationDataItems each; a
   * junk response costs one check per authorised key its responder id names, two at most in a real PKI: a11 D2b).
   * So items within the limits never spend it; the seal's and the token's own items are not counted at all.
   */
  readonly authorisedBudget: number;
  /** OCSP signatures checked with a candidate the CA authorised (each response and key once: checks made). */
  authorised = 0;
  /** ... with a candidate it did not authorise, only to say who signed. */
  other = 0;
  /**
   * The run's items sealed with the evidence (the token's OCSP response, the seal CMS's archived data), by their
   * bytes' identity: their signatures are checked outside the budget, so that items anyone can add never leave
   * them unchecked (a11 D2b).
   */
  readonly sealed = new WeakSet<Uint8Array>();
  /**
   * What this run decoded, by the bytes' identity (the run's items are the same arrays for every question asked of
   * them: the one revocation pool), with the limits it was decoded within: each OCSP response decoded once per run
   * (hs6b: the session's pool keeps 64, a DSS may hold 1,000, and each question decoded every one again). Bounded:
   * at most RUN_DECODED_BYTES of DER are kept so (`decodedBytes`), and only while the run holds the bytes.
   */
  decoded = new WeakMap<Uint8Array, { readonly value: unknown; readonly limits: DerLimits }>();
  decodedBytes = 0;
  /**
   * The distinct certificates (by their bytes) of the document timestamp tokens read in this run, at most
   * maxValidationDataItems (token-certificates.ts: counted before decoding; a11 D2c), and each token's answer.
   */
  timestampCertificates = new Set<string>();
  timestampTokens = new WeakMap<Uint8Array, string | null>();

  /** `maxValidationDataItems`: the run's limit on the items read from one DSS (and from the timestamps' CMS). */
  constructor(readonly maxValidationDataItems = 1_000) {
    this.authorisedBudget = Math.max(4096, 4 * maxValidationDataItems);
  }
}

export class PkiSession {
  readonly byParts: boolean;

  constructor(
    /** The limits of every decode made with this session (`--limit`). */
    readonly limits: DerLimits = DEFAULT_LIMITS,
    readonly caches: PkiCaches = new PkiCaches(),
    options: PkiSessionOptions = {},
    /** This run's work (forRun gives a fresh one; a session made for one call has its own). */
    readonly work: RunWork = new RunWork(),
  ) {
    this.byParts = options.byParts ?? true;
  }

  /** The same caches within other limits (a part's share of the node budget of the whole). */
  within(limits: DerLimits): PkiSession {
    return limits === this.limits ? this : new PkiSession(limits, this.caches, { byParts: this.byParts }, this.work);
  }

  /**
   * The same limits and caches for one run (one archive verified, one augment), with its own work budget, sized
   * to the run's `maxValidationDataItems` (RunWork).
   */
  forRun(maxValidationDataItems?: number): PkiSession {
    return new PkiSession(this.limits, this.caches, { byParts: this.byParts }, new RunWork(maxValidationDataItems));
  }

  cache<T>(slot: CacheSlot<T>): T {
    return this.caches.get(slot);
  }

  /** The crypto engine of this session (its imported public keys are one of its caches). */
  get engine(): pkijs.CryptoEngine {
    return this.caches.get(ENGINE);
  }

  clear(): void {
    this.caches.clear();
    // What this run decoded is a cache too: a session used without forRun keeps its work (RunWork).
    this.work.decoded = new WeakMap();
    this.work.decodedBytes = 0;
    this.work.timestampCertificates = new Set();
    this.work.timestampTokens = new WeakMap();
  }
}

/** A session of its own for one call (nothing shared), within `limits` (default: the documented defaults). */
export function pkiSession(limits: Partial<Limits> = {}, options: PkiSessionOptions = {}): PkiSession {
  return new PkiSession(resolveLimits(limits), new PkiCaches(), options);
}
