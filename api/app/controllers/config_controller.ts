import { rentPromise, type RuntimeConfig } from '@sakan/common'
import env from '#start/env'
import { rentTerms } from '#config/rent'
import { firebaseWebConfig } from '#services/firebase'
import { gatewayBaseUrl } from '#services/payment_gateway'

/**
 * Public settings the browser apps read at start-up, so one build runs in every environment;
 * with them, what the pages may promise about paying late (the rent terms).
 */
export default class ConfigController {
  show(): RuntimeConfig {
    return {
      firebase: firebaseWebConfig(),
      moyasar: {
        publishableKey: env.get('MOYASAR_PUBLISHABLE_KEY', 'pk_test_sandbox'),
        baseUrl: gatewayBaseUrl(),
      },
      map: { tileUrl: env.get('MAP_TILE_URL', '') || null },
      rent: rentPromise(rentTerms),
    }
  }
}
