import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { FILE_ID, type PhotoStore } from './photo-store.ts'

const EXTENSIONS: Record<string, string> = { 'image/webp': 'webp', 'image/jpeg': 'jpg', 'image/png': 'png' }
const TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' }

/** The embedded photo store: files under DATA_DIR/photos, ids that carry their extension. */
export function diskPhotoStore(dataDir: string): PhotoStore {
  const dir = path.join(dataDir, 'photos')
  return {
    kind: 'disk',
    async put(data, contentType) {
      const ext = EXTENSIONS[contentType]
      if (!ext) throw new Error(`Unsupported photo type ${contentType}`)
      await mkdir(dir, { recursive: true })
      const id = `d${randomBytes(12).toString('hex')}-${ext}`
      await writeFile(path.join(dir, `${id}.${ext}`), data, { flag: 'wx' })
      return id
    },
    async get(fileId) {
      if (!FILE_ID.test(fileId)) return null
      const ext = fileId.slice(fileId.lastIndexOf('-') + 1)
      const contentType = TYPES[ext]
      if (!contentType) return null
      const file = path.join(dir, `${fileId}.${ext}`)
      try {
        const info = await stat(file)
        return { stream: createReadStream(file), contentType, size: info.size }
      } catch {
        return null
      }
    },
  }
}
