// How far a change after a signature goes, in the order ISO 32000's DocMDP permissions (and pyHanko's
// ModificationLevel) rank them. A signature's permission is the highest level it allows.
import type { LtvWriterChange } from "../../pki/algorithms.js";
import type { ReaderChange } from "./reader.js";

/**
 * "ltv" is exactly what PAdES adds after a DocMDP P=1 certification (a DSS, document timestamps with their
 * fields, invisible widgets and /Fields entries, /SigFlags); "metadata" is what LTV tools also write (XMP
 * metadata, catalog /Extensions, /Info /ModDate, the form's /DA and /DR), which readers show or use and P=1
 * therefore does not permit.
 */
export const LEVELS = ["none", "ltv", "metadata", "form-fill", "annotation", "other"] as const;
export type ChangeLevel = (typeof LEVELS)[number];

export function rank(l: ChangeLevel): number {
  return LEVELS.indexOf(l);
}

export function maxLevel(a: ChangeLevel, b: ChangeLevel): ChangeLevel {
  return rank(a) >= rank(b) ? a : b;
}

/**
 * What a signature permits after it: DocMDP P=1 only long-term-validation data (DSS, document timestamps),
 * P=2 also metadata, form filling and signing, P=3 also annotations. An approval signature without DocMDP locks nothing
 * (ISO 32000-1 §12.8.2.2), but what it covered is then not what a reader shows: such changes are reported,
 * and anything beyond annotations (page content, resources, the page tree) fails it all the same.
 */
export function permittedLevel(docMdpP: number | null): ChangeLevel {
  if (docMdpP === 1) return "ltv";
  if (docMdpP === 2) return "form-fill";
  return "annotation";
}

/** One difference between two revisions, classified. */
export interface Finding {
  readonly level: ChangeLevel;
  /** The revision (0-based) that made it. */
  readonly revision: number;
  /** What changed in the file: object, page, key (the object detail). */
  readonly text: string;
  /** What changed for a reader of the document (reader.ts says it in words). */
  readonly change: ReaderChange;
  /**
   * The changed object's other roles for a reader (attack-s4 W1): a page content stream also named as the
   * document information is both, and the words say both, the most visible first. Absent when it has one.
   */
  readonly roles?: readonly ReaderChange[];
  /** The LTV writer's bookkeeping this change is, which a validation policy may let pass with an LTV update. */
  readonly allowance?: Allowance;
  /** The change adds or changes a DSS (with a document timestamp's findings: what makes a revision an LTV update). */
  readonly addsValidationData?: true;
}

/** Which LTV writer's change a finding is (CryptoPolicy.sealModifications), and the change in words. */
export interface Allowance {
  readonly change: LtvWriterChange;
  readonly words: string;
}
