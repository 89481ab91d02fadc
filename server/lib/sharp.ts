// sharp (and libvips) loaded on the first photo decoded — an upload, the demo seed — not at start: a
// process may serve pages for days without decoding one (docs/decisions/035-memory-of-one-process.md).

let sharpModule: Promise<typeof import('sharp')> | undefined

/** sharp's constructor, the module imported on the first call. */
export async function loadSharp(): Promise<typeof import('sharp').default> {
  sharpModule ??= import('sharp')
  return (await sharpModule).default
}
