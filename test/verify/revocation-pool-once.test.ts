// h10b (the review's leftover of session 9): the evidence's revocation pool was built twice per verification: once
// per verified signature timestamp in seal-timestamp's closure (to ask whether its TSA was revoked before genTime,
// a22 R1) and again in the revocation-items stage; the later pool also held the token's OCSP response, decoded
// after seal-timestamp then, so the two were not one pool. With the attachments before seal-timestamp (a22 D1's
// order), the pool's stage runs first and reads the seal's timestamp tokens itself: one pool, built once, that
// seal-timestamp, seal-certificate, token-certificate, the OCSP checks and long-term all read.
import { describe, expect, it, vi } from "vitest";

const calls = vi.hoisted(() => ({ n: 0 }));
vi.mock("../../src/checks/revocation-items.js", async (original) => {
  const m = await original<typeof import("../../src/checks/revocation-items.js")>();
  return {
    ...m,
    evidenceRevocation: (...a: Parameters<typeof m.evidenceRevocation>) => {
      calls.n++;
      return m.evidenceRevocation(...a);
    },
  };
});

const { verifyArchive } = await import("../../src/index.js");
const { ARCHIVE_STAGES, orderStages } = await import("../../src/verify/stages.js");

describe("h10b: the evidence's revocation pool is built once per verification", () => {
  it("the real archive (one verified signature timestamp): one pool (was two), TOTAL-PASSED", async () => {
    calls.n = 0;
    const r = await verifyArchive({
      evidence: "test/fixtures/real/broker-example/archive.pdf",
      trust: ["test/fixtures/real/broker-example/trust"],
      at: new Date("2025-12-08T09:35:10Z"),
    });
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(calls.n).toBe(1);
  }, 60_000);

  it("the sample (B-LTA, its document timestamp too): one pool (was two)", async () => {
    calls.n = 0;
    const r = await verifyArchive({ evidence: "samples/lta/archive.pdf", trust: ["samples/trust"] });
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(calls.n).toBe(1);
  }, 60_000);

  it("the order: the attachments, then the pool, then seal-timestamp", () => {
    const order = orderStages(ARCHIVE_STAGES.filter((s) => s.forms !== "workflow-token-json")).map((s) => (s.checks.length ? s.checks[0] : "pool"));
    expect(order.indexOf("attachments")).toBeLessThan(order.indexOf("pool"));
    expect(order.indexOf("pool")).toBeLessThan(order.indexOf("seal-timestamp"));
  });
});
