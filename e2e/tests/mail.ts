/** The mail catcher the product sends to: `npm start`'s, or the one `npm test` runs of its own. */
import type { APIRequestContext } from '@playwright/test'

export const MAIL_CATCHER_URL =
  process.env.SAKAN_MAIL_CATCHER_URL || process.env.MAIL_CATCHER_URL || 'http://127.0.0.1:1080'

/** An e-mail as the catcher's JSON API shows it. */
export interface CaughtMail {
  subject: string
  html: string
  text: string
  to: { address: string }[]
}

/** The e-mails the catcher holds for `address`. */
export async function mailsTo(request: APIRequestContext, address: string): Promise<CaughtMail[]> {
  const response = await request.get(`${MAIL_CATCHER_URL}/api/email`)
  const mails = (await response.json()) as CaughtMail[]
  return mails.filter((mail) => mail.to.some((to) => to.address === address))
}
