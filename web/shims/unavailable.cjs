// What the page's build puts in place of a node: built-in that no browser has (file system, threads, sockets):
// the verification path never calls these in the page (it is given bytes, not paths); a call is a defect and
// says so instead of failing somewhere further on. Every name the library imports from node: is here (as
// own properties: esbuild's interop copies those); constants read when a module loads are 0.
const NAMES = (
  "KeyObject Worker X509Certificate accessSync availableParallelism basename closeSync createHash createHmac createInterface " +
  "createPublicKey createReadStream createRequire dirname existsSync extname fileURLToPath fstatSync hostname inflateSync isAbsolute isIP " +
  "join lstatSync mkdirSync openSync pathToFileURL randomBytes read readSync realpathSync resolve statSync timingSafeEqual verify writeSync " +
  "open fstat close"
).split(" ");
const unavailable = (name) =>
  function () {
    throw new Error(`${name} (a Node.js built-in) is not available in the browser`);
  };
for (const n of NAMES) module.exports[n] = unavailable(n);
module.exports.constants = new Proxy({}, { get: () => 0 });
module.exports.isMainThread = true;
module.exports.parentPort = null;
module.exports.workerData = undefined;
module.exports.sep = "/";
module.exports.webcrypto = globalThis.crypto;
module.exports.performance = globalThis.performance;
