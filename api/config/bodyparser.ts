import { tmpdir } from 'node:os'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/core/bodyparser'
import env from '#start/env'
import { storageOnS3 } from '#config/drive'

/**
 * Where an upload waits while its request is handled: a folder of ours beside the stored
 * files (same STORAGE_DIR default as config/drive.ts), or, when the files live in S3, a
 * folder of ours in the system's temp folder (nothing is written under STORAGE_DIR then).
 * Nothing stays there after the request (see app/server/uploads.ts).
 */
export const uploadsTmpDir = storageOnS3
  ? join(tmpdir(), 'sakan-uploads')
  : app.makePath(env.get('STORAGE_DIR', app.inTest ? 'tmp/test-storage' : 'storage'), 'uploads')

const bodyParserConfig = defineConfig({
  allowedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  form: {
    convertEmptyStringsToNull: true,
    types: ['application/x-www-form-urlencoded'],
  },
  json: {
    convertEmptyStringsToNull: true,
    limit: '100kb',
    types: ['application/json', 'application/json-patch+json', 'application/vnd.api+json'],
  },
  multipart: {
    /*
     * Never parsed by the middleware: it would write files before the route's sign-in check
     * and rate limit ran. The routes that take a file read their body themselves, inside the
     * action (withUpload), with their own limits; on any other route a multipart body is
     * never read, let alone written to disk.
     */
    autoProcess: false,
    processManually: [],
    convertEmptyStringsToNull: true,
    /* All file bytes of one request: one ID document of at most 10 MB, with some slack. Routes
     * taking several files set their own limit (withUpload `maxFiles`). */
    limit: '12mb',
    /* All text fields of one request together (the longest is 2,000 characters of notes). */
    fieldsLimit: '32kb',
    /* Parts of one request, files included: the application form has four. */
    maxFields: 10,
    types: ['multipart/form-data'],
  },
})

export default bodyParserConfig
