// pkijs values as plain JSON, for tests that hold a by-parts decode to pkijs's decode of the whole.
import type * as pkijs from "pkijs";

export const json = (x: { toJSON(): unknown }): unknown => JSON.parse(JSON.stringify(x.toJSON()));

/**
 * SignedData as JSON without the adbe-revocationInfoArchival values and the signature timestamp tokens' trees
 * (by parts placeholders: compared by revocationArchival and timestampTokens), their number kept.
 */
export const withoutArchival = (sd: pkijs.SignedData): unknown =>
  JSON.parse(
    JSON.stringify(sd.toJSON(), (k, v: unknown) =>
      Array.isArray(v) && k === "attributes"
        ? v
            .filter((a: { type?: string }) => a.type !== "1.2.840.113583.1.1.8")
            .map((a: { type?: string; values?: unknown[] }) => (a.type === "1.2.840.113549.1.9.16.2.14" ? { ...a, values: a.values?.length } : a))
        : v,
    ),
  );
