export * from './domain.js'
export * from './constants.js'
export * from './rules.js'
export * from './format.js'
