import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { newsletterOutcome } from '../src/newsletter.js'

describe('newsletterOutcome', () => {
  it('confirms any accepted answer, a new or a known address alike', () => {
    assert.equal(newsletterOutcome(200), 'success')
    assert.equal(newsletterOutcome(201), 'success')
  })
  it('asks for a valid address when the API refuses it', () => {
    assert.equal(newsletterOutcome(422), 'invalid')
  })
  it('reports a failure for any other answer or none', () => {
    assert.equal(newsletterOutcome(429), 'error')
    assert.equal(newsletterOutcome(500), 'error')
    assert.equal(newsletterOutcome(null), 'error')
  })
})
