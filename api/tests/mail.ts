/*
 * E-mail in tests: a mail catcher of the run's own (maildev, the one `npm start` runs), on
 * loopback ports free at start-up, so that a test may stop its SMTP server and start it again.
 * `reserveMailPorts` runs before the application boots (bin/test.ts): the mailer's
 * configuration is read once, at boot. The tests read what arrived from maildev's JSON API.
 */
import { createServer } from 'node:net'
import { MailDev } from 'maildev'

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
    server.on('error', reject)
  })
}

let ports: { smtp: number; web: number } | null = null
let catcher: MailDev | null = null

/** Picks the catcher's ports and points the API's mailer at them. */
export async function reserveMailPorts() {
  ports = { smtp: await freePort(), web: await freePort() }
  process.env.SMTP_HOST = '127.0.0.1'
  process.env.SMTP_PORT = String(ports.smtp)
  process.env.MAIL_CATCHER_URL = `http://127.0.0.1:${ports.web}`
  delete process.env.SMTP_USERNAME
  delete process.env.SMTP_PASSWORD
  delete process.env.SMTP_SECURE
}

/** Starts (or starts again) the run's catcher. */
export async function startMailCatcher() {
  if (!ports) throw new Error('reserveMailPorts() must run before the application boots')
  if (catcher?.isRunning()) return
  catcher = new MailDev({
    smtp: ports.smtp,
    ip: '127.0.0.1',
    web: ports.web,
    webIp: '127.0.0.1',
    silent: true,
  })
  await catcher.start()
}

/** Stops it: its SMTP server refuses connections until it starts again; what it caught is gone. */
export async function stopMailCatcher() {
  await catcher?.stop()
  catcher = null
}

/** An e-mail as maildev's JSON API shows it (the fields the tests read). */
export interface CaughtMail {
  id: string
  subject: string
  html: string
  text: string
  to: { address: string; name?: string }[]
  headers: Record<string, string | string[]>
}

/** Every e-mail caught so far addressed to `address`, oldest first. */
export async function mailTo(address: string): Promise<CaughtMail[]> {
  const response = await fetch(`${process.env.MAIL_CATCHER_URL}/api/email`)
  if (!response.ok) throw new Error(`the mail catcher answered ${response.status}`)
  const all = (await response.json()) as CaughtMail[]
  return all.filter((mail) => mail.to.some((to) => to.address === address.toLowerCase()))
}
