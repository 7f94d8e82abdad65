import { readFile, readdir, writeFile } from 'node:fs/promises'
import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import sharp from 'sharp'
import { PHOTO_FORMATS, SOURCE_EXTENSIONS, type PhotoExtension } from '#config/photo_formats'
import { PHOTOS_DIR } from '#services/seed_photos'

/** A seed room photo's JPEG in one width: `room-03-640.jpg`. */
const SEED_ROOM_JPEG = /^(room-\d+-\d+)\.jpg$/

/**
 * Writes the AVIF and WebP of each seed room photo beside its JPEG in database/assets/photos,
 * where they are committed and `publishSeedPhotos` copies them to the media disk,
 * so the seeded (and generated) rooms offer the `<source>`s an upload gets. An ace command,
 * not a script: it encodes with the uploads' own settings (config/photo_formats.ts) and the
 * API's own sharp. Each file is made from the JPEG of its width; run it again after
 * database/scripts/generate_photos.mjs redraws them.
 */
export default class PhotoFormats extends BaseCommand {
  static commandName = 'photos:formats'
  static description = "Write the AVIF and WebP of the seed's room photos beside their JPEGs"
  static options: CommandOptions = { startApp: false }

  async run() {
    const bytes: Record<PhotoExtension, number> = { jpg: 0, avif: 0, webp: 0 }
    let files = 0
    for (const file of (await readdir(PHOTOS_DIR)).sort()) {
      const base = SEED_ROOM_JPEG.exec(file)?.[1]
      if (!base) continue
      const jpeg = await readFile(new URL(file, PHOTOS_DIR))
      bytes.jpg += jpeg.length
      files++
      for (const extension of SOURCE_EXTENSIONS) {
        const contents = await PHOTO_FORMATS[extension].encode(sharp(jpeg)).toBuffer()
        await writeFile(new URL(`${base}.${extension}`, PHOTOS_DIR), contents)
        bytes[extension] += contents.length
      }
    }
    const kib = (extension: PhotoExtension) => `${Math.round(bytes[extension] / 1024)} KiB`
    this.logger.success(
      `${files} seed photo files: JPEG ${kib('jpg')}, AVIF ${kib('avif')}, WebP ${kib('webp')}`
    )
  }
}
