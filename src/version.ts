// Kept in step with package.json by test/version.test.ts; a constant avoids reading package.json at run time.
export const VERSION = "0.1.0";
