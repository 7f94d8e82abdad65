/**
 * Keyboard only, in both languages: the listing's filters, the gallery and its
 * lightbox, signing in, the application form with its file picker, the card form, a back-office
 * create form, and the dialogs: every control is reached by Tab and shows a visible focus ring;
 * each dialog takes the focus, keeps it while Tab and Shift+Tab cycle, and gives it back to what
 * opened it when Escape closes it.
 */
import type { Locator, Page } from '@playwright/test'
import { applyForARoom } from './applications/apply'
import { pngFile } from './applications/files'
import { LANGS, expect, hydrated, resultsShown, startIn, test, type Lang } from './fixtures'
import { escapeRegExp, messages, text } from './messages'
import { sandboxSpec, signInTenant } from './payments/pay'
import { ADMIN, DEMO_PASSWORD, openSignedIn, registered, registeredAnew } from './session'

/* The card form talks to the local payment sandbox only: no other host resolves. */
sandboxSpec()

/*
 * With motion, unlike the rest of the suite (playwright.config.ts): the dialogs' fades run as a
 * visitor sees them, so the focus is checked while a dialog is still fading in or out.
 */
test.use({ reducedMotion: 'no-preference' })

const PHONE = { width: 390, height: 844 }

/** Whether the focus is on `target` or inside it. */
const holdsFocus = (target: Locator) =>
  target.evaluate((element) => element.contains(document.activeElement), undefined, {
    timeout: 10_000,
  })

/** Presses Tab (Shift+Tab when `back`) until `target` holds the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, what: string, back = false, max = 80) {
  for (let presses = 0; presses < max; presses++) {
    if (await holdsFocus(target)) return
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
  }
  expect(await holdsFocus(target), `${what} reached by ${back ? 'Shift+Tab' : 'Tab'}`).toBe(true)
}

/**
 * What is wrong with the focus indicator of the focused element ('' when nothing): it matches
 * `:focus-visible`, and a ring is drawn: an outline or a shadow on it, or a rule of the page's
 * styles that depends on the focus (`:focus`, `:focus-visible`, `:focus-within`) draws an
 * outline or a shadow on it, on what holds it, on its label or on what it styles next to it (a
 * hidden native input shows its focus on the visible box; a range on its thumb).
 */
async function focusRingProblem(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null
    if (!active || active === document.body) return 'nothing is focused'
    const named = `${active.tagName.toLowerCase()}${active.id ? `#${active.id}` : ''}.${[...active.classList].join('.')}`
    // Chromium's date and time inputs hold inner fields and a picker button that take the
    // focus in turn: on the button the input matches only :focus-within, which draws its ring.
    const innerFields =
      active instanceof HTMLInputElement &&
      /^(date|time|datetime-local|month|week)$/.test(active.type)
    if (!active.matches(innerFields ? ':focus-within' : ':focus-visible'))
      return `${named} is not :focus-visible`
    const own = getComputedStyle(active)
    if (
      (own.outlineStyle !== 'none' && parseFloat(own.outlineWidth) > 0) ||
      own.boxShadow !== 'none'
    )
      return ''
    const near: Element[] = [...((active as HTMLInputElement).labels ?? [])]
    for (let holder = active.parentElement, depth = 0; holder && depth < 3; depth++) {
      near.push(holder)
      holder = holder.parentElement
    }
    for (let next = active.nextElementSibling, depth = 0; next && depth < 3; depth++) {
      near.push(next)
      next = next.nextElementSibling
    }
    const draws = (style: CSSStyleDeclaration) =>
      [style.outline, style.outlineStyle, style.boxShadow].some(
        (value) => value !== '' && !/^(none|0|0px)$/.test(value)
      )
    const applies = (selector: string) => {
      if (!/:focus/.test(selector)) return false
      // A pseudo-element (a range's thumb) of the focused element: the rest selects it. Its
      // own box was read above (its computed style is the truth, overrides included).
      const element = selector.replace(/::?-(webkit|moz)-[\w-]+\s*$/, '').trim()
      try {
        return element !== selector.trim()
          ? active.matches(element)
          : near.some((other) => other.matches(element))
      } catch {
        return false
      }
    }
    const found = (rules: CSSRuleList): boolean =>
      [...rules].some((rule) =>
        rule instanceof CSSStyleRule
          ? draws(rule.style) && rule.selectorText.split(',').some(applies)
          : 'cssRules' in rule && found((rule as CSSGroupingRule).cssRules)
      )
    for (const sheet of document.styleSheets) {
      try {
        if (found(sheet.cssRules)) return ''
      } catch {
        // Another origin's sheet cannot be read.
      }
    }
    return `no focus ring on ${named}`
  })
}

async function expectFocusRing(page: Page, what: string) {
  expect(await focusRingProblem(page), `focus ring of ${what}`).toBe('')
}

/** Tabs to `target` and checks its ring. */
async function reach(page: Page, target: Locator, what: string) {
  await tabTo(page, target, what)
  await expectFocusRing(page, what)
}

/**
 * A modal dialog opened from `opener` (already focused) by `key`: the focus moves into it,
 * Tab and Shift+Tab keep it inside with a visible ring on every stop, and Escape closes it
 * with the focus back on the opener (or on `returnsTo`, when the opener was a menu's item).
 */
async function expectModalByKeyboard(
  page: Page,
  opener: Locator,
  dialog: Locator,
  what: string,
  key = 'Enter',
  returnsTo = opener
) {
  await expect(opener, `${what}: its opener has the focus`).toBeFocused()
  await page.keyboard.press(key)
  await expect(dialog).toBeVisible()
  await expect.poll(() => holdsFocus(dialog), `${what}: the focus moves into it`).toBe(true)
  const stops = await dialog.evaluate(
    (element) =>
      element.querySelectorAll(
        'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'
      ).length
  )
  for (const direction of ['Tab', 'Shift+Tab']) {
    for (let press = 0; press < stops + 2; press++) {
      await page.keyboard.press(direction)
      expect(await holdsFocus(dialog), `${what}: ${direction} keeps the focus inside`).toBe(true)
      await expectFocusRing(page, `${what}, ${direction} #${press + 1}`)
    }
  }
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(returnsTo, `${what}: the focus returns to its opener`).toBeFocused()
}

/**
 * Waits until `opener` is shown, Tabs to it as `name` (`reach`) and checks the modal dialog it
 * opens (`expectModalByKeyboard`).
 */
async function expectOpensModal(
  page: Page,
  opener: Locator,
  name: string,
  dialog: Locator,
  what: string
) {
  await expect(opener).toBeVisible({ timeout: 20_000 })
  await reach(page, opener, name)
  await expectModalByKeyboard(page, opener, dialog, what)
}

/**
 * After ArrowDown opens a Mantine Select: waits, as she would, until the list shows the option
 * Enter picks, and for the timers Mantine's combobox set when it opened. It keeps the picked
 * index in a ref that two zero-delay timers rewrite, the first to -1: on a busy page Chromium
 * runs a key press between them, and Enter would pick nothing.
 */
async function optionShown(page: Page, select: Locator) {
  await expect(select).toHaveAttribute('aria-activedescendant', /.+/)
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)))
}

/** Tabs to a Mantine Select as `what` (`reach`) and picks its first option by ArrowDown and Enter. */
async function pickByKeys(page: Page, select: Locator, what: string) {
  await reach(page, select, what)
  await page.keyboard.press('ArrowDown')
  await optionShown(page, select)
  await page.keyboard.press('Enter')
  await expect(select).not.toHaveValue('')
}

/** Signs in by keyboard on `/login` (or the page it redirected to) as `email`. */
async function signInByKeyboard(page: Page, lang: Lang, email: string) {
  const account = messages(lang, 'account')
  const form = page.locator('main form')
  const emailField = form.locator('input[type="email"]')
  // The back office redirects to its sign-in page, loaded on demand.
  await expect(emailField).toBeVisible({ timeout: 20_000 })
  await reach(page, emailField, 'the email field')
  await page.keyboard.type(email)
  await reach(page, form.locator('input[type="password"]'), 'the password field')
  await page.keyboard.type(DEMO_PASSWORD)
  // The password's show/hide button and the submit button are reachable too.
  await reach(
    page,
    form.getByRole('button', { name: text(account, 'login.submit') }),
    'the sign-in button'
  )
  await page.keyboard.press('Enter')
  await expect(page).not.toHaveURL(/\/login/)
}

/**
 * The administrator on her dashboard, signed in through the API: signing in by keyboard is a
 * test of its own below.
 */
async function adminOnDashboard(page: Page, lang: Lang) {
  await openSignedIn(page, ADMIN, '/admin', { lang })
}

/** An available room of the catalogue (random, so that two runs do not race for one). */
async function availableRoom(page: Page): Promise<number> {
  const response = await page.request.get('/api/rooms?availability=true&_start=0&_end=100')
  expect(response.ok()).toBe(true)
  const rooms = (await response.json()) as { id: number; photos: string[] }[]
  const withPhotos = rooms.filter((room) => room.photos.length > 1)
  expect(withPhotos.length, 'available rooms with photos').toBeGreaterThan(0)
  return withPhotos[Math.floor(Math.random() * withPhotos.length)]!.id
}

for (const lang of LANGS) {
  const admin = messages(lang, 'admin')
  const next = lang === 'ar' ? 'ArrowLeft' : 'ArrowRight'
  const previous = lang === 'ar' ? 'ArrowRight' : 'ArrowLeft'

  test.describe(`keyboard only (${lang})`, () => {
    startIn(lang)

    test('the listing’s filters: changed by keys and applied by Enter', async ({ page }) => {
      await page.goto(`/${lang}/listings`)
      await resultsShown(page)
      const form = page.locator('[data-filter-form]')
      const location = form.locator('select[name="location"]')
      await reach(page, location, 'the location')
      await page.keyboard.press('ArrowDown')
      const chosen = await location.inputValue()
      expect(chosen, 'a location chosen by ArrowDown').not.toBe('')
      await reach(page, form.locator('input[data-price-min]'), 'the lowest price')
      for (let i = 0; i < 5; i++) await page.keyboard.press(next)
      await expect(form.locator('input[data-price-min]')).toHaveValue('1000')
      const wifi = form.locator('input[name="amenities"][value="wifi"]')
      await reach(page, wifi, 'the Wi-Fi amenity')
      await page.keyboard.press('Space')
      await expect(wifi).toBeChecked()
      await reach(page, form.locator('[data-filter-apply]'), 'Apply')
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(
        new RegExp(`\\?location=${chosen}&priceMin=1000&.*amenities=wifi`)
      )
      await resultsShown(page)
    })

    test('the gallery and its lightbox: arrows, Enter, Tab kept inside, Escape', async ({
      page,
    }) => {
      await page.goto(`/${lang}/property/${await availableRoom(page)}`)
      await hydrated(page)
      const main = page.locator('[data-gallery-main]')
      const image = page.locator('[data-gallery-image]')
      await reach(page, main, 'the gallery')
      await page.keyboard.press(next)
      await expect(image).toHaveAttribute('data-index', '1')
      await page.keyboard.press(previous)
      await expect(image).toHaveAttribute('data-index', '0')
      const dialog = page.locator('dialog[data-lightbox]')
      await expectModalByKeyboard(page, main, dialog, 'the lightbox')
    })

    test('signing in: Tab through the form, Enter sends it', async ({ page }) => {
      await page.goto('/login')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await signInByKeyboard(page, lang, 'tenant@sakan.test')
      await expect(page).toHaveURL(/\/dashboard$/)
    })

    test('the application form: date, file picker and sending, by keyboard', async ({ page }) => {
      test.setTimeout(90_000)
      // The page's file chooser is waited for from the start: Playwright tells the browser to
      // catch choosers when a test first waits for one, and a Space pressed while that message
      // is still on its way opens none (awaited below, once Space is pressed).
      const chooser = page.waitForEvent('filechooser')
      chooser.catch(() => {})
      await registeredAnew(page, lang, 'Keyboard Test', 'keys')
      await page.goto(`/application/${await availableRoom(page)}`)
      const submit = page.getByTestId('submit-application')
      await expect(submit).toBeVisible({ timeout: 20_000 })

      // The move-in date: the calendar opens on Enter; arrows move the day, Enter picks it.
      const date = page.getByTestId('move-in-date')
      await reach(page, date, 'the move-in date')
      await page.keyboard.press('Enter')
      const calendar = page.locator('.mantine-DatePickerInput-dropdown, .mantine-Popover-dropdown')
      await expect(calendar.first()).toBeVisible()
      await expect
        .poll(() => holdsFocus(calendar.first()), 'the calendar takes the focus')
        .toBe(true)
      await page.keyboard.press('ArrowDown')
      await page.keyboard.press('Enter')
      await expect(calendar.first()).toBeHidden()
      await expect(date).not.toHaveText('')

      // The file picker: the native input is the control; Space opens the system's chooser.
      const input = page.getByTestId('id-document-input')
      await reach(page, input, 'the ID document picker')
      await page.keyboard.press('Space')
      await (await chooser).setFiles(pngFile('id-card.png', 480, 300))
      await expect(page.locator('.doc-picker-file-name')).toHaveText('id-card.png')

      await reach(page, submit, 'the send button')
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(/\/dashboard/, { timeout: 20_000 })
    })

    test('the card form: room and month by keys, every card field by Tab', async ({ page }) => {
      test.setTimeout(90_000)
      await signInTenant(page, lang)
      await pickByKeys(page, page.getByTestId('payment-room'), 'the room')
      // The room's months are read once she has chosen it: a list opened by keys before they
      // arrive is empty (and its first option is never marked active). Her earliest unpaid
      // month is chosen for her once they are known: then the list holds them.
      const month = page.getByTestId('payment-month')
      await expect(month).not.toHaveValue('', { timeout: 20_000 })
      await pickByKeys(page, month, 'the month')

      const form = page.locator('.mysr-form')
      await expect(form.locator('#mysr-cc-number')).toBeVisible({ timeout: 20_000 })
      for (const [id, value] of [
        ['#mysr-cc-name', 'Noura Al-Harbi'],
        ['#mysr-cc-number', '4111111111111111'],
        ['#mysr-cc-exp', '1230'],
        ['#mysr-cc-csc', '123'],
      ] as const) {
        await reach(page, form.locator(id), `the card form's ${id}`)
        await page.keyboard.type(value)
      }
      await expect(form.locator('#mysr-cc-number')).not.toHaveValue('')
      // Not sent: a payment made here would change the months the payment specs expect.
      await reach(page, form.locator('button[type="submit"]'), 'the pay button')
      await expect(form.locator('button[type="submit"]')).toBeEnabled()
    })

    test('a back-office create form: a building, all by keyboard', async ({ page }) => {
      test.setTimeout(120_000)
      await adminOnDashboard(page, lang)
      await page.goto('/admin/buildings/create')
      const stamp = `${Date.now()}`.slice(-6)
      const names = { en: `Keys House ${stamp}`, ar: `سكن المفاتيح ${stamp}` }
      const main = page.locator('main')
      const label = (key: string) => text(admin, `office.buildings.${key}`)
      const fieldNamed = (key: string) =>
        main.getByLabel(new RegExp(`^${escapeRegExp(label(key))}( \\*)?$`)).first()
      await expect(fieldNamed('name_en')).toBeVisible({ timeout: 20_000 })
      for (const [key, value] of [
        ['name_en', names.en],
        ['name_ar', names.ar],
        ['address_en', '9 Olaya Street, Riyadh'],
        ['address_ar', '٩ شارع العليا، الرياض'],
      ] as const) {
        await reach(page, fieldNamed(key), label(key))
        await page.keyboard.type(value)
      }
      await pickByKeys(page, fieldNamed('zone'), label('zone'))
      for (const [key, value] of [
        ['latitude', '24.7'],
        ['longitude', '46.6'],
      ] as const) {
        await reach(page, fieldNamed(key), label(key))
        await page.keyboard.type(value)
      }
      await reach(page, page.getByTestId('office-save'), 'Save')
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(/\/admin\/buildings(\?|$)/)
      await expect(page.getByTestId('buildings-table').getByText(names[lang])).toBeVisible()
    })

    test('the back office’s dialogs: archiving and deleting a room asked first', async ({
      page,
    }) => {
      test.setTimeout(120_000)
      await adminOnDashboard(page, lang)
      const rooms = (await (await page.request.get('/api/rooms?_start=0&_end=1')).json()) as {
        id: number
      }[]
      await page.goto(`/admin/rooms/${rooms[0]!.id}/edit`)
      for (const action of ['archive', 'delete']) {
        await expectOpensModal(
          page,
          page.getByTestId(`office-${action}`),
          action,
          page.getByTestId(`office-confirm-${action}`).getByRole('dialog'),
          `${action} asked first`
        )
      }
    })
  })

  test.describe(`keyboard only, the back office's other dialogs (${lang})`, () => {
    startIn(lang)

    test('an application’s details and its ID document', async ({ page, browser }) => {
      test.setTimeout(150_000)
      /* A new applicant's application, whose ID document is an image. */
      const applicant = {
        name: `Keys Applicant ${lang}`,
        email: `keys-${lang}-${Date.now()}@example.com`,
        password: 'secret123',
      }
      const context = await browser.newContext()
      await registered(context.request, applicant, { lang })
      const { applicationId } = await applyForARoom(context.request)
      await context.close()

      await adminOnDashboard(page, lang)
      /* The newest pending applications first: hers is on the first page. */
      const filters = page
        .getByRole('tabpanel')
        .getByRole('radiogroup', { name: text(admin, 'management.filtersLabel') })
      const pending = filters.getByRole('radio', {
        name: text(admin, 'management.filters.pending'),
        exact: true,
      })
      /* Tab stops once in a radio group, on its checked radio (All); the arrows choose. */
      await reach(page, filters.locator('input[type="radio"]:checked'), 'the status filter')
      await page.keyboard.press('ArrowDown')
      await expect(pending).toBeChecked()

      const opener = page
        .locator(`[data-application-id="${applicationId}"]`)
        .getByTestId('row-view')
      const details = page.getByRole('dialog', { name: text(admin, 'applications.detail.title') })
      const what = 'the application’s details'
      await expectOpensModal(page, opener, what, details, what)

      await page.keyboard.press('Enter')
      await expect(details).toBeVisible()
      const view = details.getByTestId('view-document')
      await reach(page, view, 'the ID document’s button')
      await expectModalByKeyboard(
        page,
        view,
        page.getByRole('dialog', {
          name: text(admin, 'applications.document.dialogTitle', { name: applicant.name }),
        }),
        'the ID document'
      )
      /* Escape closed the document only: the details are still open around it. */
      await expect(details).toBeVisible()

      /* Approving and rejecting are asked first, in a dialog over the details. */
      for (const action of ['approve', 'reject']) {
        const decide = details.getByTestId(`detail-${action}`)
        await reach(page, decide, action)
        await expectModalByKeyboard(
          page,
          decide,
          page.getByTestId('decision-dialog').getByRole('dialog'),
          `${action}, asked first`
        )
        await expect(details).toBeVisible()
      }
    })

    test('signing out everywhere, asked from the account menu', async ({ page }) => {
      test.setTimeout(120_000)
      await adminOnDashboard(page, lang)
      const menu = page.getByTestId('user-menu')
      await reach(page, menu, 'the account menu')
      await page.keyboard.press('Enter')
      const item = page.getByTestId('logout-all')
      /* The menu's items are reached by the arrows. */
      for (let press = 0; press < 5; press++) {
        if (await holdsFocus(item)) break
        await page.keyboard.press('ArrowDown')
      }
      await expectModalByKeyboard(
        page,
        item,
        page.getByTestId('logout-all-dialog').getByRole('dialog'),
        'signing out everywhere',
        'Enter',
        menu
      )
    })

    test('sending a notification again, asked first', async ({ page }) => {
      test.setTimeout(120_000)
      await adminOnDashboard(page, lang)
      await page.goto('/admin/notifications')
      await expectOpensModal(
        page,
        page.getByTestId('notification-resend').first(),
        'send again',
        page.getByTestId('notification-resend-dialog').getByRole('dialog'),
        'sending again, asked first'
      )
    })

    test('a tenancy’s dialogs: Ejar, the deposit and ending it', async ({ page }) => {
      test.setTimeout(150_000)
      await adminOnDashboard(page, lang)
      const running = (await (
        await page.request.get('/api/tenancies?state=active&_start=0&_end=50')
      ).json()) as { id: number; deposit: { state: string } }[]
      expect(running.length, 'a running tenancy').toBeGreaterThan(0)
      /* One whose deposit is held, when there is one: its return is asked in a dialog too. */
      const tenancy = running.find((one) => one.deposit.state === 'held') ?? running[0]!
      await page.goto(`/admin/tenancies/${tenancy.id}`)
      const actions = ['ejar', ...(tenancy.deposit.state === 'held' ? ['deposit'] : []), 'end']
      for (const action of actions) {
        await expectOpensModal(
          page,
          page.getByTestId(`tenancy-action-${action}`),
          action,
          page.getByTestId(`tenancy-dialog-${action}`).getByRole('dialog'),
          `the tenancy's ${action} dialog`
        )
      }
    })
  })

  test.describe(`keyboard only on a phone (${lang})`, () => {
    test.use({ viewport: PHONE })
    startIn(lang)

    test('the filter sheet: opened by Enter, focus kept inside, Escape gives it back', async ({
      page,
    }) => {
      test.setTimeout(90_000)
      await page.goto(`/${lang}/listings`)
      await resultsShown(page)
      const toggle = page.locator('[data-filter-toggle]')
      await reach(page, toggle, 'the filter toggle')
      await expectModalByKeyboard(page, toggle, page.getByRole('dialog'), 'the filter sheet')
    })

    test('the lightbox on a phone', async ({ page }) => {
      await page.goto(`/${lang}/property/${await availableRoom(page)}`)
      await hydrated(page)
      const main = page.locator('[data-gallery-main]')
      await reach(page, main, 'the gallery')
      await expectModalByKeyboard(page, main, page.locator('dialog[data-lightbox]'), 'the lightbox')
    })
  })
}
