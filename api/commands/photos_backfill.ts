import { addMissingFormats } from '#services/room_photos'
import AppCommand from '#commands/_app_command'

/**
 * Gives the room photos uploaded while only JPEGs were made their AVIF and WebP on the media
 * disk (local or S3), from their JPEGs: the room JSON names them for every photo. Once per
 * deployment that had uploads; again is harmless (it writes only what is missing).
 */
export default class PhotosBackfill extends AppCommand {
  static commandName = 'photos:backfill'
  static description = 'Write the missing AVIF and WebP of uploaded room photos from their JPEGs'

  async run() {
    const written = await addMissingFormats()
    this.logger.success(`${written} files written`)
  }
}
