/**
 * Refine's data provider: `@refinedev/simple-rest` on `/api` through the shared axios client
 * (http-client.ts). A `custom` call with a multipart body (an upload) goes through postForm,
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

export const dataProvider = { ...rest, custom }
