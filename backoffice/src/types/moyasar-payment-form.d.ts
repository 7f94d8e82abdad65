/**
 * `moyasar-payment-form`'s own typings cannot be reached through its package exports (and
 * name an undeclared namespace): the part we use. Its settings are typed in lib/card-form.ts.
 */
declare module 'moyasar-payment-form' {
  const Moyasar: {
    init(config: object): void
    setAmount(amount: number): void
  }
  export default Moyasar
}
