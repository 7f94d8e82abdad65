/**
 * Moyasar's card form, bundled from the npm package (no CDN)
 * with its stylesheet. The payment page imports this module dynamically, so the package
 * loads only when a card form is shown.
 */
import 'moyasar-payment-form/dist/moyasar.css'
import Moyasar from 'moyasar-payment-form'
import type { CardFormSettings, GatewayPayment } from './payment'

/** What the page adds to the form's own texts and markup. */
export interface CardFormLabels {
  /** The id of the page's hint about the name on the card, linked to the form's name field. */
  nameHintId: string
  /** A name for the gateway's logo link in the form's footer (otherwise an empty link). */
  logoLink: string
  /** The pay button's word, in her language and addressed to her ("ادفعي", not "ادفع"). */
  pay: string
  /**
   * The amount beside the button's currency symbol, as the page writes it: the
   * package formats it with `Intl.NumberFormat("en")` whatever the language ("4,132.50" in
   * the Arabic form), and has no option for it.
   */
  amount: string
}

/** The settings the page passes (the package's own typings are unusable). */
interface CardFormConfig extends CardFormSettings {
  element: HTMLElement
  /** The package's own texts, replaced per language (its `translations` option). */
  translations: Partial<Record<CardFormSettings['language'], Record<string, string>>>
  on_completed: (payment: GatewayPayment) => Promise<void>
}

/**
 * Starts a fresh form inside `container`, replacing any earlier one (choosing another room
 * or month starts the form again). `onCompleted` runs when the gateway has answered the card
 * step, before any 3-D Secure redirect; it must stay a real async function (TOOLCHAIN.md).
 */
export function startCardForm(
  container: HTMLElement,
  settings: CardFormSettings,
  labels: CardFormLabels,
  onCompleted: (payment: GatewayPayment) => Promise<void>
): () => void {
  const element = document.createElement('div')
  element.className = 'mysr-form'
  container.replaceChildren(element)
  const config: CardFormConfig = {
    ...settings,
    translations: { [settings.language]: { 'button.pay': labels.pay } },
    element,
    on_completed: async (payment) => {
      await onCompleted(payment)
    },
  }
  Moyasar.init(config)
  return labelForm(element, labels)
}

/**
 * The form renders (and re-renders) its fields itself: whenever its markup changes, the name
 * field is described by the page's hint, the logo link gets a name and the pay button's amount
 * is written in her digits. Attributes the form does not set survive its re-renders; a replaced
 * element is labelled again, and an amount it writes again is rewritten (the text node itself
 * is changed, so the form keeps the node it renders into). Returns the stop.
 */
function labelForm(element: HTMLElement, labels: CardFormLabels): () => void {
  const apply = () => {
    const name = element.querySelector<HTMLInputElement>('#mysr-cc-name')
    if (name && name.getAttribute('aria-describedby') !== labels.nameHintId)
      name.setAttribute('aria-describedby', labels.nameHintId)
    for (const link of element.querySelectorAll<HTMLAnchorElement>('a[href*="moyasar.com"]')) {
      if (link.getAttribute('aria-label') !== labels.logoLink)
        link.setAttribute('aria-label', labels.logoLink)
    }
    // The button's amount: a text beside the currency symbol's image.
    for (const figure of element.querySelectorAll('button .currency-amount > span')) {
      const text = figure.firstChild
      if (text instanceof Text && text.data !== labels.amount) text.data = labels.amount
    }
  }
  apply()
  const observer = new MutationObserver(apply)
  observer.observe(element, { childList: true, subtree: true, characterData: true })
  return () => observer.disconnect()
}
