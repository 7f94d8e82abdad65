import env from '#start/env'
import { defineConfig, transports } from '@adonisjs/mail'

/**
 * E-mail over SMTP. Outside production the default server is the local mail
 * catcher that `npm start` runs (maildev: SMTP on 127.0.0.1:1025, its web page and JSON API on
 * 127.0.0.1:1080; `npm test` runs its own and names it in SMTP_PORT and MAIL_CATCHER_URL);
 * production names its own (app/server/startup_guard.ts).
 * Messages are never sent from a request: the outbox's worker sends them
 * (app/services/notifications.ts).
 */
const password = env.get('SMTP_PASSWORD')?.release()
const username = env.get('SMTP_USERNAME')

const mailConfig = defineConfig({
  default: 'smtp',
  from: {
    address: env.get('MAIL_FROM_ADDRESS', 'no-reply@sakan.test'),
    name: env.get('MAIL_FROM_NAME', 'Sakan'),
  },
  mailers: {
    smtp: transports.smtp({
      host: env.get('SMTP_HOST', '127.0.0.1'),
      port: env.get('SMTP_PORT', 1025),
      secure: env.get('SMTP_SECURE', false),
      ...(username
        ? { auth: { type: 'login' as const, user: username, pass: password ?? '' } }
        : {}),
      /* A mail server that does not answer holds a worker, never a request: still, give up soon. */
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    }),
  },
})

export default mailConfig

declare module '@adonisjs/mail/types' {
  export interface MailersList extends InferMailers<typeof mailConfig> {}
}
