/*
 * Imported first by scripts/test.mjs, before anything reads these addresses: `npm test` runs an
 * Auth emulator, a payment sandbox and a mail catcher of its own (127.0.0.1:9199, :4110 and
 * SMTP :1125 with its page at :1180), not `npm start`'s (:9099, :4010, :1025/:1080). So a run
 * never fills the services a developer keeps running with its test accounts, payments and
 * e-mails, and stopping `npm start` cannot take one away from a run under way (an earlier run
 * lost about 300 browser tests that way). An address the caller sets is kept.
 */
process.env.FIREBASE_AUTH_EMULATOR_HOST ||= '127.0.0.1:9199'
process.env.SAKAN_SANDBOX_URL ||= 'http://127.0.0.1:4110'
process.env.SAKAN_MAIL_SMTP ||= '127.0.0.1:1125'
process.env.SAKAN_MAIL_CATCHER_URL ||= 'http://127.0.0.1:1180'
