import { attributionParts } from '../../../shared/map-tiles.ts'

/** The tiles' credit, in the map's corner: text and links from the configuration, never markup; left to right whatever the page's direction. */
export function MapAttribution({ attribution }: { attribution: string }) {
  return (
    <p className="map-attribution" dir="ltr">
      {attributionParts(attribution).map((part, index) =>
        part.href ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  )
}
