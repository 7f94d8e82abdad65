import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, services } from '@adonisjs/drive'

/**
 * Two disks with different audiences:
 * - `media`: public catalogue images (room photos, avatars), served at /media/*;
 * - `documents`: applicants' ID documents and maintenance photos, private, never served by
 *   path (only through the authorised documents and maintenance photo endpoints).
 */
/* Where files live on disk: api/storage by default, a scratch folder in tests. */
const root = env.get('STORAGE_DIR', app.inTest ? 'tmp/test-storage' : 'storage')

const driveConfig = defineConfig({
  default: 'media',
  services: {
    media: services.fs({
      location: app.makePath(root, 'media'),
      /* Served by MediaController (strict key pattern, cache headers), not Drive's file server. */
      serveFiles: false,
      visibility: 'public',
    }),
    documents: services.fs({
      location: app.makePath(root, 'documents'),
      serveFiles: false,
      visibility: 'private',
    }),
  },
})

export default driveConfig

declare module '@adonisjs/drive/types' {
  export interface DriveDisks extends InferDriveDisks<typeof driveConfig> {}
}
