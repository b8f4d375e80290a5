// One receiver instance, as a process: verifies the token in argv with the shared Redis replay store at a
// given instant (so that several instances present it at once) and prints the report's verdict as JSON.
// argv: <redis url> <jwks JSON> <token> <start ms> <issuer> <audience> <sender>
import { staticKeys, verifyIdToken } from "../../dist/src/index.js";
import { RedisReplayStore } from "../../dist/src/api/queue.js";

const [url, jwks, token, start, issuer, audience, sender] = process.argv.slice(2);
const replayStore = new RedisReplayStore(url, { keyPrefix: "test:replay:" });
const keys = staticKeys(JSON.parse(jwks));
await new Promise((r) => setTimeout(r, Math.max(0, Number(start) - Date.now())));
const r = await verifyIdToken(token, { issuer, audience, sender, keys, replayStore });
await replayStore.close();
process.stdout.write(JSON.stringify({ indication: r.indication, subIndication: r.subIndication, decidedBy: r.decidedBy }));
