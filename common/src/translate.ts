/**
 * How the shared React components (`common/ui`) receive their texts: a translation function
 * that takes `ns:key` names, fed by i18next at build time on the site and by react-i18next
 * in the account app.
 */
export type Translate = (key: string, values?: Record<string, unknown>) => string
