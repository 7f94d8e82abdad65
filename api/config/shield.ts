import { defineConfig } from '@adonisjs/shield'
import { securityConfig, shieldOptions } from '#server/security_headers'

/* The guards' values come from the one header policy (app/server/security_headers.ts). */
const shieldConfig = defineConfig(shieldOptions(securityConfig()))

export default shieldConfig
