import { defineConfig } from '@adonisjs/shield'
import { securityConfig, shieldOptions } from '#services/security_headers'

/* The guards' values come from the one header policy (app/services/security_headers.ts). */
const shieldConfig = defineConfig(shieldOptions(securityConfig()))

export default shieldConfig
