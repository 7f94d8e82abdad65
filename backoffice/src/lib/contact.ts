/** Sakan's public contact details, as the site's footer shows them (`site/src/lib/contact.ts`). */
export const CONTACT = {
  phone: '+966112345678',
  phoneDisplay: '+966 11 234 5678',
  email: 'hello@sakan.sa',
} as const
