/**
 * Refine's data provider, loaded with the pages that read data (`preloadDataProvider`, beside
 * Refine's layout route): the REST client (simple-rest and axios) is not part of the first
 * load of pages that read nothing.
 */
import type { DataProvider } from '@refinedev/core'
import type { dataProvider as RestDataProvider } from './data-provider'

type Provider = typeof RestDataProvider
let loaded: Promise<Provider> | null = null
const load = () => (loaded ??= import('./data-provider').then((module) => module.dataProvider))

/** Starts loading the REST client with the page that will call it (App.tsx). */
export const preloadDataProvider = (): Promise<unknown> => load()

export const dataProvider: DataProvider = {
  getApiUrl: () => '/api',
  getList: async (params) => (await load()).getList(params),
  getMany: async (params) => (await load()).getMany(params),
  getOne: async (params) => (await load()).getOne(params),
  create: async (params) => (await load()).create(params),
  update: async (params) => (await load()).update(params),
  deleteOne: async (params) => (await load()).deleteOne(params),
  custom: async (params) => (await load()).custom(params),
}
