/*
 * At the start of the HTTP server: uploads orphaned by a process that died mid-request
 * (and so never ran its clean-up) are removed.
 */
import logger from '@adonisjs/core/services/logger'
import { sweepStaleUploads } from '#server/uploads'

const removed = await sweepStaleUploads()
if (removed > 0) logger.info({ removed }, 'removed orphaned uploads')
