import app from '@adonisjs/core/services/app'
import { defineConfig, services } from '@adonisjs/drive'

/**
 * Two disks with different audiences:
 * - `media`: public catalogue images (room photos, avatars), served at /media/*;
 * - `documents`: applicants' ID documents, private, never served by path (only through
 *   the authorised documents endpoint).
 */
const driveConfig = defineConfig({
  default: 'media',
  services: {
    media: services.fs({
      location: app.makePath(app.inTest ? 'tmp/test-storage/media' : 'storage/media'),
      /* Served by MediaController (strict key pattern, cache headers), not Drive's file server. */
      serveFiles: false,
      visibility: 'public',
    }),
    documents: services.fs({
      location: app.makePath(app.inTest ? 'tmp/test-storage/documents' : 'storage/documents'),
      serveFiles: false,
      visibility: 'private',
    }),
  },
})

export default driveConfig

declare module '@adonisjs/drive/types' {
  export interface DriveDisks extends InferDriveDisks<typeof driveConfig> {}
}
