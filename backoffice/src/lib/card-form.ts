/**
 * Moyasar's card form (spec §7 "Card payment widget"), bundled from the npm package (no CDN)
 * with its stylesheet. The payment page imports this module dynamically, so the package
 * loads only when a card form is shown.
 */
import 'moyasar-payment-form/dist/moyasar.css'
import Moyasar from 'moyasar-payment-form'
import type { CardFormSettings, GatewayPayment } from './payment'

/** The settings the page passes (the package's own typings are unusable). */
interface CardFormConfig extends CardFormSettings {
  element: HTMLElement
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
  onCompleted: (payment: GatewayPayment) => Promise<void>
): void {
  const element = document.createElement('div')
  element.className = 'mysr-form'
  container.replaceChildren(element)
  const config: CardFormConfig = {
    ...settings,
    element,
    on_completed: async (payment) => {
      await onCompleted(payment)
    },
  }
  Moyasar.init(config)
}
