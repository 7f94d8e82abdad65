/* The Moyasar sandbox: being built (issue 10). */
console.log('sandbox: not built yet')
