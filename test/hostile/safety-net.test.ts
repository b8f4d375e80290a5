// The safety net at the public boundary: an unexpected exception inside a check becomes a failed check
// naming the stage (FORMAT_FAILURE), with the error kept in its details — never a crash, never a pass.
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import type { TrustStore } from "../../src/index.js";
import { check, writeTokenEvidence } from "../helpers/fixtures.js";

describe("safety net", () => {
  it("an exception inside token-certificate is a failed check with the error in details", async () => {
    const w = await writeTokenEvidence();
    // A trust store whose untrusted certificate throws when read: a defect reached inside the chain building
    // block (the session indexes the anchors when it is made, so a broken anchor would throw there).
    const broken = {
      anchors: [],
      intermediates: [
        {
          toSchema(): never {
            throw new TypeError("boom from the test");
          },
        },
      ],
    } as unknown as TrustStore;
    const r = await verifyArchive({ evidence: w.json, trustStore: broken });
    expect(r.indication).toBe("TOTAL-FAILED");
    expect(r.subIndication).toBe("FORMAT_FAILURE");
    const c = check(r, "token-certificate");
    expect(c.status).toBe("failed");
    expect(c.message).toContain("boom from the test");
    expect((c.details?.internalError as { stage: string }).stage).toBe("token-certificate");
    expect(check(r, "token-signature").status).toBe("passed");
  });
});
