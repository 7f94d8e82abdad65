import type { RuntimeConfig } from '@sakan/common'
import env from '#start/env'
import { firebaseWebConfig } from '#services/firebase'

/** Public settings the browser apps read at start-up, so one build runs in every environment. */
export default class ConfigController {
  show(): RuntimeConfig {
    return {
      firebase: firebaseWebConfig(),
      moyasar: {
        publishableKey: env.get('MOYASAR_PUBLISHABLE_KEY', 'pk_test_sandbox'),
        baseUrl: env.get('MOYASAR_BASE_URL', 'http://127.0.0.1:4010'),
      },
      map: { tileUrl: env.get('MAP_TILE_URL', '') || null },
    }
  }
}
