/*
 * Ace entry point: commands boot the application only when they ask for it.
 */
await import('reflect-metadata')
const { prettyPrintError } = await import('@adonisjs/core')
const { ignitor } = await import('./ignitor.js')

ignitor()
  .ace()
  .handle(process.argv.splice(2))
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
