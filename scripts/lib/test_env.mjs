/*
 * Imported first by scripts/test.mjs, before anything reads the emulator's address: `npm test`
 * runs an Auth emulator of its own at 127.0.0.1:9199, not `npm start`'s at 127.0.0.1:9099. So
 * a run never fills the emulator a developer keeps running with its test accounts, and
 * stopping `npm start` cannot take the emulator away from a run under way (an earlier run
 * lost about 300 browser tests that way). An address the caller sets is kept.
 */
process.env.FIREBASE_AUTH_EMULATOR_HOST ||= '127.0.0.1:9199'
