/*
 * JavaScript entry point for ace commands: registers the TypeScript loader, then boots
 * the console from bin/console.ts.
 */
import '@poppinss/ts-exec'

await import('./bin/console.js')
