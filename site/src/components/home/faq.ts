/** The home page's questions, in order: the FAQ section and the page's FAQPage structured data. */
export const FAQ_KEYS = [
  'application',
  'security',
  'transportation',
  'payment',
  'amenities',
] as const
