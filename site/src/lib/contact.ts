/** Sakan's public contact details (footer `#contact`). Placeholders until the business confirms them. */
export const CONTACT = {
  phone: '+966112345678',
  phoneDisplay: '+966 11 234 5678',
  email: 'hello@sakan.sa',
} as const
