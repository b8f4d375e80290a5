// Imports run one way (issue 35: layer rules as an allow-list from one table). LAYERS below is the table: each
// layer (a directory of src/, a shared leaf file of src/, or cli) names what it may import; anything under src/
// or cli/ it does not name is refused, and so is a file of src/ in no layer. The model: input (reading bytes
// within limits) → evidence (what the broker's evidence means) → pki (certificates, CMS, OCSP, timestamps) →
// checks (the building blocks) → verify (one orchestrator per evidence kind); idtoken (ID tokens) and
// trustlist (ETSI TS 119 612 trusted lists) are verifiers beside checks and verify; inspect decodes without a
// verdict; report is the model every layer fills (types and small constructors), so it imports none of them;
// render shows reports (it reads the verifiers' report types, type-only, and never runs a verifier); batch runs
// verify on threads, queue carries batches over Redis; api is the library's surface by area (src/index.ts, the
// public entry, picks from it) and nothing in the library imports it; the CLI uses the library through it. errors, limits, redis, time, usage
// and version are shared leaves; policy (the verification policy) a leaf that checks, verify, batch and queue share. Only the queue (and the Redis helpers) may load bullmq and ioredis, which are
// optional for users. `npm test` runs this (test/layers.test.ts); type-only imports count
// (tsPreCompilationDeps).
// platform is the seam between Node and a browser (hashing, inflate, public keys; docs/browser.md): a leaf
// that imports nothing of src/, which the page's build swaps for web/platform/.
const LEAVES = ["errors.ts", "limits.ts", "time.ts", "usage.ts", "version.ts", "platform"];

/**
 * What each layer may import: `may` (layers, leaf files, or single files as "render/sanitize.ts"), `types`
 * (layers it may import types from, and nothing else), `packages` (of the optional npm packages below).
 */
const LAYERS = {
  "errors.ts": { may: [] },
  platform: { may: [] },
  "version.ts": { may: [] },
  "limits.ts": { may: ["errors.ts"] },
  "time.ts": { may: ["errors.ts"] },
  "usage.ts": { may: ["errors.ts"] },
  "redis.ts": { may: ["errors.ts"], packages: ["ioredis"] },
  // The verification policy (what createSession takes, normalised): a leaf the checks, verify, batch and queue share.
  "policy.ts": { may: ["errors.ts", "limits.ts", "time.ts"], types: ["pki"] },
  // The reader's errors name what the file holds through the one quoting (report/quoted-name.ts, no imports; a12 W9).
  input: { may: ["errors.ts", "limits.ts", "platform", "report/quoted-name.ts"] },
  report: { may: ["errors.ts"] },
  pki: { may: ["input", "report", "errors.ts", "limits.ts", "usage.ts", "platform"] },
  evidence: { may: ["input", "pki", "report", ...LEAVES] },
  // trust-anchors finds a trusted list the evidence carries re-encoded by its keys (trustlist/identity.ts).
  checks: { may: ["input", "evidence", "pki", "report", "policy.ts", "trustlist/identity.ts", ...LEAVES] },
  // The session (verify/session.ts) owns the replay store; the ID-token verifier takes a session: types only.
  verify: { may: ["checks", "input", "evidence", "pki", "report", "policy.ts", ...LEAVES], types: ["idtoken"] },
  idtoken: { may: ["input", "evidence", "pki", "report", "redis.ts", ...LEAVES], types: ["verify"], packages: ["ioredis"] },
  trustlist: { may: ["input", "pki", "report", ...LEAVES] },
  inspect: { may: ["input", "evidence", "pki", "report", ...LEAVES] },
  // augment extends a verified archive to PAdES-BASELINE-LTA: it runs verify, then writes.
  augment: { may: ["verify", "input", "evidence", "pki", "report", "policy.ts", ...LEAVES] },
  render: { may: ["report", ...LEAVES], types: ["idtoken", "trustlist", "inspect"] },
  // batch also runs augment on its threads (augmentMany, `augment <dir>`, the queue's augment jobs).
  batch: { may: ["verify", "augment", "input", "report", "render/sanitize.ts", "policy.ts", ...LEAVES], types: ["verify"] },
  queue: { may: ["batch", "input", "redis.ts", "policy.ts", ...LEAVES], packages: ["bullmq", "ioredis"] },
  api: {
    may: [
      "input",
      "evidence",
      "pki",
      "report",
      "checks",
      "verify",
      "idtoken",
      "trustlist",
      "inspect",
      "augment",
      "render",
      "batch",
      "queue",
      "redis.ts",
      "policy.ts",
      ...LEAVES,
    ],
  },
  "index.ts": { may: ["api"] },
  cli: { may: ["api", "index.ts"] },
};
/** npm packages only the layers that name them in `packages` may import (type imports included). */
const OPTIONAL_PACKAGES = ["bullmq", "ioredis"];

const esc = (s) => s.replace(/[.]/g, "\\.");
/** The path pattern of a layer name, a leaf or a single file ("render/sanitize.ts"). */
const where = (name) => (name === "cli" ? "^cli/" : name.endsWith(".ts") ? `^src/${esc(name)}$` : `^src/${name}/`);
const any = (names) => `(${names.map(where).join("|")})`;

const layerRules = Object.entries(LAYERS).flatMap(([name, { may, types = [], packages = [] }]) => {
  const own = [name, ...may];
  const rules = [
    {
      name: `layer-${name.replace(/\.ts$/, "")}`,
      severity: "error",
      comment: `${name} may import only ${may.join(", ") || "nothing of src"}${types.length ? `, and types of ${types.join(", ")}` : ""}`,
      from: { path: where(name) },
      to: { path: "^(src|cli)/", pathNot: any([...own, ...types]) },
    },
  ];
  if (types.length)
    rules.push({
      name: `layer-${name.replace(/\.ts$/, "")}-types-only`,
      severity: "error",
      comment: `${name} imports only types of ${types.join(", ")}`,
      from: { path: where(name) },
      to: { path: any(types), pathNot: any(own), dependencyTypesNot: ["type-only"] },
    });
  const refused = OPTIONAL_PACKAGES.filter((p) => !packages.includes(p));
  if (refused.length)
    rules.push({
      name: `layer-${name.replace(/\.ts$/, "")}-not-${refused.join("-")}`,
      severity: "error",
      comment: `${refused.join(" and ")} are optional: only the queue and the Redis helpers load them`,
      from: { path: where(name) },
      to: { path: `(^|/)node_modules/(${refused.join("|")})/` },
    });
  return rules;
});

module.exports = {
  forbidden: [
    { name: "no-circular", severity: "error", comment: "no import cycles, type imports included", from: {}, to: { circular: true } },
    {
      name: "in-no-layer",
      severity: "error",
      comment: "every file of src/ belongs to a layer of the table (a new directory is added to it first)",
      from: { path: "^src/", pathNot: any(Object.keys(LAYERS)) },
      to: {},
    },
    {
      name: "to-no-layer",
      severity: "error",
      comment: "every file of src/ belongs to a layer of the table (a new directory is added to it first)",
      from: {},
      to: { path: "^src/", pathNot: any(Object.keys(LAYERS)) },
    },
    ...layerRules,
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    // node_modules is not followed but stays in the graph, so that the optional packages' rules can see it.
    doNotFollow: { path: "node_modules" },
  },
};
