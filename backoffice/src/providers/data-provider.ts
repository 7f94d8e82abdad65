/**
 * Refine's data provider: `@refinedev/simple-rest` on `/api` through the shared axios client
 * (http-client.ts), with the back office's read paths (`meta.readPath`). A `custom` call with a multipart body (an upload) goes through postForm,
 * which reports the share sent so far to `meta.onProgress`.
 */
import type { BaseRecord, CustomParams, CustomResponse } from '@refinedev/core'
import simpleRestDataProvider from '@refinedev/simple-rest'
import { postForm } from '../lib/upload'
import { httpClient } from './http-client'

export const API_URL = '/api'

const rest = simpleRestDataProvider(API_URL, httpClient)

async function custom<TData extends BaseRecord = BaseRecord, TQuery = unknown, TPayload = unknown>(
  params: CustomParams<TQuery, TPayload>
): Promise<CustomResponse<TData>> {
  const { url, payload, meta } = params
  if (!(payload instanceof FormData)) return rest.custom<TData, TQuery, TPayload>(params)
  return { data: await postForm<TData>(url, payload, { onProgress: meta?.onProgress }) }
}

/**
 * The back office reads some resources where the administrator sees everything (archived
 * records too): `meta.readPath` (`admin/rooms`) names that path for lists and single reads;
 * writes stay on the resource's own path (`/api/rooms`).
 */
const readPathOf = (resource: string, meta: Record<string, unknown> | undefined) =>
  typeof meta?.readPath === 'string' ? meta.readPath : resource

export const dataProvider: typeof rest = {
  ...rest,
  getList: (params) =>
    rest.getList({ ...params, resource: readPathOf(params.resource, params.meta) }),
  getOne: (params) =>
    rest.getOne({ ...params, resource: readPathOf(params.resource, params.meta) }),
  custom,
}
