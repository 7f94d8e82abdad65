/*
 * npm test's account of CPU work (scripts/lib/cpu.mjs): the cores' counters summed, and what a
 * stretch between two readings spent and kept busy.
 *
 *   node --test scripts/tests/cpu.test.mjs
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import {
  cpuBetween,
  cpuCounters,
  processGroup,
  readProcesses,
  sampleProcesses,
  yardstick,
} from '../lib/cpu.mjs'

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

test('a process is grouped by its command line: which part of the run spent the work', () => {
  const groups = {
    '/usr/lib/chromium/chromium-headless-shell --type=renderer --lang=en-US': "Chromium's pages",
    '/usr/lib/chromium/chromium-headless-shell --type=gpu-process':
      "Chromium's drawing (GPU process)",
    '/usr/lib/chromium/chromium-headless-shell --type=zygote': "Chromium's other processes",
    '/usr/lib/chromium/chromium-headless-shell --headless --no-sandbox':
      "Chromium's browser process",
    'node /work/node_modules/playwright/lib/common/process.js': 'Playwright',
    'postgres: postgres sakan_test 127.0.0.1(5000) idle': 'PostgreSQL',
    '/usr/bin/redis-server 127.0.0.1:6379': 'Redis',
    'node --import=ts-node-maintained/register/esm bin/server.ts': 'API servers',
    'node ace test --files=tests/functional/rent_model.spec.ts': 'API suite (Japa)',
    'node /work/node_modules/typescript/bin/tsc --noEmit': 'TypeScript',
    'node /work/node_modules/.bin/eslint . --max-warnings 0': 'ESLint',
    'node /work/node_modules/.bin/maildev --smtp 1125': 'mail catcher',
    'node scripts/test.mjs': 'other Node processes',
    '[kdamond.0]': "the kernel's threads",
    'git status': 'other',
  }
  for (const [command, group] of Object.entries(groups))
    assert.equal(processGroup(command), group, command)
})

test("each group's CPU-seconds since sampling began; a process started since counts whole, and is counted", () => {
  const readings = [
    new Map([
      ['1@10', { seconds: 5, command: 'chromium-headless-shell --type=renderer' }],
      ['2@11', { seconds: 3, command: 'postgres: checkpointer' }],
    ]),
    new Map([
      ['1@10', { seconds: 7, command: 'chromium-headless-shell --type=renderer' }],
      ['2@11', { seconds: 3.5, command: 'postgres: checkpointer' }],
      ['3@90', { seconds: 1.5, command: 'chromium-headless-shell --type=renderer' }],
    ]),
    /* The second renderer has ended: the time it had at the last sample stays counted; the
       first has ended too, not yet reaped (no command line left): it keeps its group. */
    new Map([
      ['1@10', { seconds: 9, command: '[chromium-headles]' }],
      ['2@11', { seconds: 4, command: 'postgres: checkpointer' }],
    ]),
  ]
  let next = 0
  const sampler = sampleProcesses({ everyMs: 60_000, read: () => readings[Math.min(next++, 2)] })
  assert.deepEqual(sampler.stop(), [
    { group: "Chromium's pages", cpuSeconds: 5.5, started: 1 },
    { group: 'PostgreSQL', cpuSeconds: 1, started: 0 },
  ])
})

test('the real processes are read: this one among them, with its command line', () => {
  const found = readProcesses()
  if (found === null) return assert.equal(process.platform === 'linux', false)
  const mine = [...found].find(([key]) => key.startsWith(`${process.pid}@`))
  assert.ok(mine, 'this process is found')
  assert.match(mine[1].command, /node/)
  assert.ok(mine[1].seconds > 0)
})
