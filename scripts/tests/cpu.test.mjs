/*
 * npm test's account of CPU work (scripts/lib/cpu.mjs): the cores' counters summed, and what a
 * stretch between two readings spent and kept busy.
 *
 *   node --test scripts/tests/cpu.test.mjs
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { cpuBetween, cpuCounters, yardstick } from '../lib/cpu.mjs'

const core = (user, sys, idle) => ({ times: { user, nice: 0, sys, idle, irq: 0 } })

test('the counters sum every core: busy is user, nice, system and interrupt time', () => {
  const counters = cpuCounters([
    { times: { user: 100, nice: 5, sys: 20, idle: 1000, irq: 2 } },
    core(50, 10, 2000),
  ])
  assert.deepEqual(counters, { busy: 187, idle: 3000, cores: 2 })
})

test('a stretch with both cores busy throughout is bound by its CPU work', () => {
  const before = cpuCounters([core(0, 0, 0), core(0, 0, 0)])
  const after = cpuCounters([core(9_000, 1_000, 0), core(8_000, 2_000, 0)])
  const stretch = cpuBetween(before, after)
  assert.equal(stretch.cpuSeconds, 20)
  assert.equal(stretch.coresBusy, 2)
  assert.equal(stretch.cores, 2)
})

test('a stretch that waited: one core of two busy half the time', () => {
  const before = cpuCounters([core(1_000, 0, 5_000), core(1_000, 0, 5_000)])
  const after = cpuCounters([core(6_000, 0, 10_000), core(1_000, 0, 15_000)])
  const stretch = cpuBetween(before, after)
  assert.equal(stretch.cpuSeconds, 5)
  assert.equal(stretch.coresBusy, 0.5)
})

test('no time counted is no work and no cores busy, not a division by zero', () => {
  const counters = cpuCounters([core(10, 0, 10)])
  assert.deepEqual(cpuBetween(counters, counters), { cpuSeconds: 0, coresBusy: 0, cores: 1 })
})

test('the machine counts its own cores, and the yardstick takes a measurable time', () => {
  const counters = cpuCounters()
  assert.ok(counters.cores >= 1)
  assert.ok(counters.busy > 0 && counters.idle >= 0)
  const seconds = yardstick(1)
  assert.ok(seconds > 0 && seconds < 60, `the yardstick took ${seconds} s`)
})
