/** The product's own texts, read from the translation files, and form fields found by them. */
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import type { Lang } from './fixtures'

export type Messages = Record<string, unknown>
export type Namespace = 'account' | 'admin' | 'api' | 'common' | 'site'

export const messages = (lang: Lang, ns: Namespace): Messages =>
  JSON.parse(
    readFileSync(new URL(`../../common/locales/${lang}/${ns}.json`, import.meta.url), 'utf8')
  ) as Messages

/** `text(m, 'a.b')` with `{{name}}`, `{{name, number}}` and `{{name, digits}}` placeholders filled. */
export function text(
  source: Messages,
  key: string,
  values: Record<string, string | number> = {}
): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Messages | undefined)?.[part], source)
  if (typeof value !== 'string') throw new Error(`missing translation ${key}`)
  return value.replace(/\{\{\s*(\w+)(?:,\s*(?:number|digits))?\s*\}\}/g, (_, name: string) =>
    String(values[name] ?? '')
  )
}

/** An identifier (room number, id, year) as the page writes it: Arabic-Indic digits in Arabic; one with Latin letters ("B-305") as printed. */
export const localDigits = (value: string | number, lang: Lang) =>
  lang === 'ar' && !/[A-Za-z]/.test(String(value))
    ? String(value).replace(/[0-9]/g, (digit) => '٠١٢٣٤٥٦٧٨٩'[Number(digit)]!)
    : String(value)

export const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A form field by its visible label (Mantine appends a hidden " *" to required ones). */
export const field = (page: Page, label: string) =>
  page.locator('main').getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`))

export interface Registrant {
  name: string
  email: string
  password: string
}

/** Fills the sign-up form of `/register` and sends it (the caller checks where it lands). */
export async function submitRegistration(page: Page, account: Messages, person: Registrant) {
  await page.goto('/register')
  await fillRegistration(page, account, person)
}

/** Fills the sign-up form on screen, accepts the terms and sends it. */
export async function fillRegistration(page: Page, account: Messages, person: Registrant) {
  await field(page, text(account, 'register.fields.fullName')).fill(person.name)
  await field(page, text(account, 'register.fields.email')).fill(person.email)
  await field(page, text(account, 'register.fields.password')).fill(person.password)
  await field(page, text(account, 'register.fields.confirmPassword')).fill(person.password)
  await page.locator('main').getByRole('checkbox').check()
  await sendForm(page, text(account, 'register.submit'))
}

/** On the sign-in page, follows its link to the registration form and registers there. */
export async function registerFromSignIn(page: Page, account: Messages, person: Registrant) {
  await page
    .locator('main')
    .getByRole('link', { name: text(account, 'login.registerLink'), exact: true })
    .click()
  await fillRegistration(page, account, person)
}

/** Opens `/login`, fills the sign-in form and sends it. */
export async function submitLogin(page: Page, account: Messages, email: string, password: string) {
  await page.goto('/login')
  await fillLogin(page, account, email, password)
}

/** Fills the sign-in form on screen and sends it. */
export async function fillLogin(page: Page, account: Messages, email: string, password: string) {
  await field(page, text(account, 'login.fields.email')).fill(email)
  await field(page, text(account, 'login.fields.password')).fill(password)
  await sendForm(page, text(account, 'login.submit'))
}

/** Presses the page's form button named `label` (its submit button). */
export async function sendForm(page: Page, label: string) {
  await page.locator('main form').getByRole('button', { name: label }).click()
}

/** `Intl`'s locale for a language, as the product formats with it (common/src/format.ts). */
const intlLocaleOf = (lang: Lang) => (lang === 'ar' ? 'ar-SA-u-ca-gregory' : 'en-GB')

/**
 * What a room's page says of a room taken until a day: "Available from {date}", the
 * date written long in the language. Formatted in `page` (the browser's own `Intl`, as the
 * page's live script writes it) or, without one, here (as the server renders the page).
 */
export async function availableFromText(day: string, lang: Lang, page?: Page): Promise<string> {
  const format = ([date, locale]: [string, string]) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`)
    )
  const args: [string, string] = [day, intlLocaleOf(lang)]
  const date = page ? await page.evaluate(format, args) : format(args)
  return text(messages(lang, 'common'), 'room.availableFrom', { date })
}
