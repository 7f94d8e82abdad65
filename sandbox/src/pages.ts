/* The plain 3-D Secure pages (English, no scripts, no outside resources). */
import { type Payment } from './payments.ts'

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char
  )
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Payment sandbox</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; color: #1a1a1a; }
dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; }
dt { color: #555; }
form { display: inline-block; margin-inline-end: .5rem; }
button { font: inherit; padding: .5rem 1.25rem; cursor: pointer; }
</style>
</head>
<body>
${body}
</body>
</html>
`
}

/** The bank's page: the payment and the two buttons. */
export function challengePage(payment: Payment): string {
  const action = `/3ds/${encodeURIComponent(payment.id)}`
  const button = (value: string, label: string) =>
    `<form method="post" action="${action}"><input type="hidden" name="action" value="${value}"><button type="submit">${label}</button></form>`
  return page(
    '3-D Secure',
    `<h1>3-D Secure</h1>
<p>Payment sandbox: confirm or refuse this card payment.</p>
<dl>
<dt>Amount</dt><dd>${escapeHtml(payment.amount_format)}</dd>
<dt>Card</dt><dd>${escapeHtml(payment.source.number)}</dd>
<dt>Description</dt><dd>${escapeHtml(payment.description)}</dd>
</dl>
${button('authenticate', 'Authenticate')}
${button('fail', 'Fail')}`
  )
}

/** An error page (unknown payment, step already done, bad button). */
export function messagePage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`)
}
