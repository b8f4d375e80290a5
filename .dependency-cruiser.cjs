// Imports run one way (issue: a codebase to live in). The layers: input (reading bytes within limits) →
// evidence (what the broker's evidence means) → pki (certificates, CMS, OCSP, timestamps) → checks (the
// building blocks) → verify (one orchestrator per evidence kind) → render → cli; batch runs verify on threads,
// queue carries batches over Redis. idtoken (ID tokens) and trustlist (ETSI TS 119 612 trusted lists) are
// verifiers beside checks and verify: they build on input, evidence, pki and report, and render shows their
// reports. report is the model every layer fills (types and small constructors), so it depends on none of
// them. errors, limits, redis, time, usage and version are shared leaves. `npm test` runs this; type-only
// imports count (tsPreCompilationDeps).
const layer = (name) => `^src/${name}/`;
const not = (from, ...to) => ({
  name: `${from}-not-to-${to.join("-")}`,
  severity: "error",
  from: { path: layer(from) },
  to: { path: `^(${to.map((t) => (t === "cli" ? "cli/" : `src/${t}/`)).join("|")})` },
});

module.exports = {
  forbidden: [
    { name: "no-circular", severity: "error", comment: "no import cycles, type imports included", from: {}, to: { circular: true } },
    {
      name: "input-is-the-bottom",
      severity: "error",
      comment: "input reads bytes; it knows nothing of what they mean",
      from: { path: layer("input") },
      to: { path: "^src/", pathNot: "^src/(input/|platform/|errors\\.ts|limits\\.ts)" },
    },
    {
      name: "platform-is-a-leaf",
      severity: "error",
      comment: "the platform seam (hashing, inflate, public keys) knows nothing of the library above it",
      from: { path: "^src/platform/" },
      to: { path: "^src/", pathNot: "^src/platform/" },
    },
    not("evidence", "checks", "verify", "render", "batch", "queue", "inspect", "idtoken", "trustlist", "cli"),
    not("pki", "evidence", "checks", "verify", "render", "batch", "queue", "inspect", "idtoken", "trustlist", "cli"),
    not("checks", "verify", "render", "batch", "queue", "inspect", "idtoken", "trustlist", "cli"),
    not("report", "pki", "checks", "verify", "render", "batch", "queue", "inspect", "idtoken", "trustlist", "cli"),
    not("inspect", "checks", "verify", "render", "batch", "queue", "cli"),
    not("render", "checks", "verify", "batch", "queue", "cli"),
    // The queue carries batches to other machines: it uses batch (and what batch uses), never the renderers.
    not("batch", "queue", "cli"),
    not("queue", "render", "cli"),
    not("idtoken", "queue", "batch"),
    // A trusted list is judged from its own bytes and the lists of lists given: no archive checks, no renderer.
    not("trustlist", "checks", "verify", "render", "batch", "queue", "inspect", "idtoken", "cli"),
    { name: "library-not-to-cli", severity: "error", comment: "the library never imports the CLI", from: { path: "^src/" }, to: { path: "^cli/" } },
    {
      name: "cli-through-the-public-api",
      severity: "error",
      comment: "the CLI uses the library as its users do: through src/api (src/index.ts is all of it)",
      from: { path: "^cli/" },
      to: { path: "^src/", pathNot: "^src/(api/[a-z-]+|index)\\.ts$" },
    },
    {
      name: "api-is-the-top",
      severity: "error",
      comment: "the public API re-exports the library; nothing in the library imports it",
      from: { path: "^src/", pathNot: "^src/(api/|index\\.ts$)" },
      to: { path: "^src/(api/|index\\.ts$)" },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules" },
  },
};
