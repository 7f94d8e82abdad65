import { test } from '@japa/runner'
import User from '#models/user'
import NotificationPolicy from '#policies/notification_policy'
import TenancyPolicy from '#policies/tenancy_policy'

const person = (role: 'admin' | 'tenant') => Object.assign(new User(), { role })

test.group('Policies of the stays and the outbox', () => {
  test('only the administrator changes a stay or sends a message again', ({ assert }) => {
    const abilities = [
      [new TenancyPolicy(), ['update', 'end', 'returnDeposit']],
      [new NotificationPolicy(), ['resend']],
    ] as const
    for (const [policy, names] of abilities)
      for (const name of names) {
        const ability = (policy as unknown as Record<string, (user: User) => boolean>)[name]!
        assert.isTrue(ability.call(policy, person('admin')), `${name}: the administrator`)
        assert.isFalse(ability.call(policy, person('tenant')), `${name}: a resident`)
      }
  })
})
