// attack34c C2: a folder of trusted lists whose newest DK list was removed (moved out, deleted) leaves the older one
// to vouch for a CA the newer one withdrew before the sealing time; nothing in the folder can tell. The operator
// pins the lowest sequence number last seen published (--tl-min-sequence DK=2, minimumSequence): a list numbered
// below vouches for nothing, and a territory with no list at or above it is an ERR_TRUST_STORE naming the gap.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadTrustedListAnchors } from "../../src/trustlist/index.js";
import { runCli } from "../helpers/cli.js";
import { tempDir } from "../helpers/fixtures.js";
import { buildList, makeIdentities, sampleAnchorServices, sign, type Identity } from "./sign.js";

const day = 86_400_000;
let K: Record<"lister", Identity>;
let dir: string;
let older: string;
let newer: string;

beforeAll(async () => {
  K = await makeIdentities({ lister: 2048 });
  const issued = new Date(K.lister.notBefore.getTime() + 3_600_000);
  const services = sampleAnchorServices();
  // #2 withdrew the samples' seal CA on 2025-11-01 (the sample was sealed on 2025-12-08); #1 still says granted.
  const withdrawn = services.map((s, i) =>
    i === 0 ? { ...s, status: "withdrawn", since: new Date("2025-11-01T00:00:00Z"), history: [{ status: "granted", since: s.since }] } : s,
  );
  older = sign(buildList({ territory: "DK", issued, nextUpdate: new Date(issued.getTime() + 180 * day), sequence: "1", services }), K.lister);
  const i2 = new Date(issued.getTime() + 3_600_000);
  newer = sign(buildList({ territory: "DK", issued: i2, nextUpdate: new Date(i2.getTime() + 180 * day), sequence: "2", services: withdrawn }), K.lister);
  dir = tempDir("sealcheck-tl-min-");
  mkdirSync(join(dir, "tl"));
  writeFileSync(join(dir, "tl", "DK-1.xml"), older); // the folder after DK-2.xml was moved out
  writeFileSync(join(dir, "DK-2.xml"), newer);
  writeFileSync(join(dir, "lister.pem"), K.lister.certPem);
});

const input = (xml: string, file: string) => ({ bytes: Buffer.from(xml), file });

describe("a minimum sequence number per territory (attack34c C2)", () => {
  it("the newest list withheld: an ERR_TRUST_STORE naming the gap; without the pin the older list still speaks", async () => {
    const alone = await loadTrustedListAnchors({ lists: [input(older, "DK-1.xml")], signers: [K.lister.der] });
    expect(alone.anchors.length).toBeGreaterThan(0);
    await expect(loadTrustedListAnchors({ lists: [input(older, "DK-1.xml")], signers: [K.lister.der], minimumSequence: { DK: 2 } })).rejects.toMatchObject({
      code: "ERR_TRUST_STORE",
      message: "the newest trusted list of DK given is #1, older than #2, the lowest required: a newer list was withheld or not fetched",
    });
    await expect(loadTrustedListAnchors({ lists: [input(older, "DK-1.xml")], signers: [K.lister.der], minimumSequence: { SE: 1 } })).rejects.toMatchObject({
      code: "ERR_TRUST_STORE",
      message: "no trusted list of SE was given, though #1 or later is required for it",
    });
  });

  it("both given with the pin: the older one vouches for nothing and says why; the newer one speaks", async () => {
    const a = await loadTrustedListAnchors({
      lists: [input(older, "DK-1.xml"), input(newer, "DK-2.xml")],
      signers: [K.lister.der],
      minimumSequence: { DK: 2 },
    });
    expect(a.lists.map((l) => [l.file, l.minimumSequence, l.anchors > 0])).toEqual([
      ["DK-1.xml", 2, false],
      ["DK-2.xml", 2, true],
    ]);
    expect(a.anchors.every((x) => x.source.list === "DK-2.xml")).toBe(true);
  });

  it("the pin is checked: a territory code and a whole number", async () => {
    for (const minimumSequence of [{ dk: 2 }, { DK: -1 }, { DK: 1.5 }] as Record<string, number>[])
      await expect(loadTrustedListAnchors({ lists: [input(older, "DK-1.xml")], signers: [K.lister.der], minimumSequence })).rejects.toMatchObject({
        code: "ERR_USAGE",
      });
  });

  it("the CLI: the C2 folder verifies TOTAL-PASSED without the pin (the attack), exit 3 with --tl-min-sequence DK=2", async () => {
    const args = ["verify", "samples/valid/archive.pdf", "samples/valid/originals", "--trusted-list", join(dir, "tl"), "--tl-signer", join(dir, "lister.pem")];
    const open = await runCli(args);
    expect(open.code).toBe(0);
    const pinned = await runCli([...args, "--tl-min-sequence", "DK=2"]);
    expect(pinned.code).toBe(3);
    expect(pinned.stderr).toContain("the newest trusted list of DK given is #1, older than #2");
    const both = await runCli([...args, "--trusted-list", join(dir, "DK-2.xml"), "--tl-min-sequence", "DK=2"]);
    expect(both.code).not.toBe(0);
    expect(both.stdout).toContain("Too old");
    const bad = await runCli([...args, "--tl-min-sequence", "DK:2"]);
    expect([bad.code, bad.stderr]).toEqual([3, expect.stringContaining("--tl-min-sequence: expected TERRITORY=NUMBER (DK=71)")]);
  });
});
