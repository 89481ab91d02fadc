import { useEffect, useState, type RefObject } from 'react'

// (a module of its own: a page that waits for its map's section to near the viewport does not download
// the maps' loader with it, ./map-on-demand.ts; docs/decisions/040-script-budget-per-page.md)

/** True once the element has come within `margin` of the viewport (and stays true): the cue to load what it shows. */
export function useSeen(ref: RefObject<Element | null>, margin = '200px'): boolean {
  const [seen, setSeen] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (seen || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true)
      },
      { rootMargin: margin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, seen, margin])
  return seen
}
