import { loadSharp } from '../../../lib/sharp.ts'
import type { PhotoStore } from '../../../integrations/photos/photo-store.ts'

export interface SeedPhoto {
  fileId: string
  thumbFileId: string
  width: number
  height: number
}

const WALLS = ['#f4efe6', '#e8f1f2', '#f6e8e1', '#eef0e4', '#e9e6f3', '#fdf6e3', '#e6eef8', '#f3e9ef']
const FLOORS = ['#b98b5e', '#9c7a57', '#c9a27e', '#8d6e63', '#a1887f', '#d7b899']
const ACCENTS = ['#0f766e', '#d97706', '#2563eb', '#be123c', '#7c3aed', '#15803d', '#0e7490', '#b45309']

/** A simple room drawn as SVG: wall, floor, window with sky, a sofa or a bed, a lamp and a plant. */
function roomSvg(index: number, width: number, height: number): string {
  const wall = WALLS[index % WALLS.length]
  const floor = FLOORS[(index * 3) % FLOORS.length]
  const accent = ACCENTS[(index * 5) % ACCENTS.length]
  const bed = index % 3 === 1
  const horizon = Math.round(height * 0.68)
  const wx = Math.round(width * (0.12 + (index % 4) * 0.12))
  const sky = index % 2 === 0 ? '#9bd1f2' : '#f9c784'
  const furniture = bed
    ? `<rect x="${width * 0.45}" y="${horizon - 90}" width="${width * 0.42}" height="110" rx="14" fill="${accent}"/>
       <rect x="${width * 0.45}" y="${horizon - 130}" width="${width * 0.1}" height="150" rx="10" fill="#6b4f3a"/>
       <rect x="${width * 0.57}" y="${horizon - 110}" width="${width * 0.12}" height="40" rx="12" fill="#fff"/>`
    : `<rect x="${width * 0.42}" y="${horizon - 110}" width="${width * 0.46}" height="120" rx="22" fill="${accent}"/>
       <rect x="${width * 0.42}" y="${horizon - 60}" width="${width * 0.46}" height="70" rx="18" fill="${accent}" opacity="0.85"/>
       <rect x="${width * 0.5}" y="${horizon + 40}" width="${width * 0.2}" height="16" rx="6" fill="#5d4037"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    <defs><linearGradient id="light" x1="0" x2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#000" stop-opacity="0.08"/></linearGradient></defs>
    <rect width="${width}" height="${horizon}" fill="${wall}"/>
    <rect y="${horizon}" width="${width}" height="${height - horizon}" fill="${floor}"/>
    <rect x="${wx}" y="${height * 0.14}" width="${width * 0.24}" height="${height * 0.32}" fill="${sky}" stroke="#fff" stroke-width="14"/>
    <line x1="${wx + width * 0.12}" y1="${height * 0.14}" x2="${wx + width * 0.12}" y2="${height * 0.46}" stroke="#fff" stroke-width="8"/>
    ${furniture}
    <rect x="${width * 0.08}" y="${horizon - 20}" width="40" height="60" rx="6" fill="#8d6e63"/>
    <circle cx="${width * 0.08 + 20}" cy="${horizon - 50}" r="46" fill="#2e7d32"/>
    <line x1="${width * 0.92}" y1="${horizon + 30}" x2="${width * 0.92}" y2="${horizon - 160}" stroke="#37474f" stroke-width="6"/>
    <path d="M ${width * 0.92 - 40} ${horizon - 150} L ${width * 0.92 + 40} ${horizon - 150} L ${width * 0.92 + 24} ${horizon - 200} L ${width * 0.92 - 24} ${horizon - 200} Z" fill="#ffe082"/>
    <rect width="${width}" height="${height}" fill="url(#light)"/>
  </svg>`
}

/** Draws `count` distinct room photos, each stored as a large and a small WebP. */
export async function makeSeedPhotos(store: PhotoStore, count: number): Promise<SeedPhoto[]> {
  const sharp = await loadSharp()
  const photos: SeedPhoto[] = []
  for (let i = 0; i < count; i++) {
    const large = await sharp(Buffer.from(roomSvg(i, 1200, 900)))
      .webp({ quality: 78 })
      .toBuffer()
    const small = await sharp(large).resize(480, 360).webp({ quality: 72 }).toBuffer()
    const [fileId, thumbFileId] = await Promise.all([store.put(large, 'image/webp'), store.put(small, 'image/webp')])
    photos.push({ fileId, thumbFileId, width: 1200, height: 900 })
  }
  return photos
}
