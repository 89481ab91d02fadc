// The maps themselves: Leaflet and supercluster, loaded with import() by the pages that show a map and
// only when they show it (docs/decisions/045-maps-leaflet-and-tiles.md). No React and no messages here:
// the pages hand in the words, already in the reader's language.
import 'leaflet/dist/leaflet.css'
import './map.css'
import {
  circle,
  control,
  divIcon,
  latLngBounds,
  layerGroup,
  map as leafletMap,
  marker,
  tileLayer,
  type Map as LeafletMap,
  type MapOptions as LeafletOptions,
  type Marker,
} from 'leaflet/dist/leaflet-src.esm.js'
import Supercluster from 'supercluster'
import type { Bbox, LatLng } from '../../../shared/geo.ts'
import { searchBox } from './geo.ts'

export interface MapOptions {
  /** The tiles' URL template (MAP_TILES_URL). */
  tilesUrl: string
  /** The page reads right to left: the zoom buttons go to the other corner. */
  rtl: boolean
  labels: { zoomIn: string; zoomOut: string }
}

function baseMap(
  element: HTMLElement,
  options: MapOptions,
  centre: LatLng,
  zoom: number,
  more: LeafletOptions = {},
): LeafletMap {
  const map = leafletMap(element, {
    ...more,
    center: [centre.lat, centre.lng],
    zoom,
    zoomControl: false,
    // the credit is the page's own element, in its language's direction (map-attribution.tsx)
    attributionControl: false,
    keyboard: true,
    worldCopyJump: false,
    maxBounds: [
      [-90, -180],
      [90, 180],
    ],
    maxBoundsViscosity: 1,
    minZoom: 2,
  })
  control
    .zoom({
      position: options.rtl ? 'topleft' : 'topright',
      zoomInTitle: options.labels.zoomIn,
      zoomOutTitle: options.labels.zoomOut,
    })
    .addTo(map)
  tileLayer(options.tilesUrl, { maxZoom: 19, noWrap: true, crossOrigin: false }).addTo(map)
  return map
}

/** A listing's place: the circle its approximate point lies in, or its city's centre alone. */
export function placeMap(
  element: HTMLElement,
  options: MapOptions & { centre: LatLng; radiusM?: number },
): { destroy(): void } {
  const map = baseMap(element, options, options.centre, options.radiusM ? 14 : 11)
  if (options.radiusM) {
    const area = circle([options.centre.lat, options.centre.lng], {
      radius: options.radiusM,
      color: '#0f766e',
      weight: 2,
      fillColor: '#0f766e',
      fillOpacity: 0.18,
      interactive: false,
    }).addTo(map)
    map.fitBounds(area.getBounds(), { padding: [24, 24], maxZoom: 15 })
  }
  return {
    destroy() {
      map.remove()
    },
  }
}

export interface PinMapOptions extends MapOptions {
  start: LatLng
  zoom: number
  /** The reader moved the map: the pin, fixed at its centre, now marks this point. */
  onMove(centre: LatLng): void
}

export interface PinMap {
  /** Brings this point under the pin (the page's move, not the reader's: no onMove). */
  show(point: LatLng, zoom?: number): void
  destroy(): void
}

/**
 * The listing form's pin (docs/decisions/047-the-listing-form-pin.md): the pin stays
 * at the map's centre and the map moves under it, by dragging or with the arrow keys; zooming keeps
 * the centre, so only a move places the pin.
 */
export function pinMap(element: HTMLElement, options: PinMapOptions): PinMap {
  const map = baseMap(element, options, options.start, options.zoom, {
    scrollWheelZoom: 'center',
    doubleClickZoom: 'center',
    touchZoom: 'center',
  })
  let showing = false
  map.on('moveend', () => {
    if (showing) return
    const centre = map.getCenter()
    options.onMove({ lat: centre.lat, lng: centre.lng })
  })
  return {
    show(point, zoom) {
      showing = true
      try {
        map.setView([point.lat, point.lng], zoom ?? map.getZoom(), { animate: false })
      } finally {
        showing = false
      }
    },
    destroy() {
      map.remove()
    },
  }
}

/** One listing on the search's map. */
export interface MapPoint {
  id: number
  lat: number
  lng: number
}

export interface SearchMapOptions extends MapOptions {
  /** Where to look before there is anything to show: the city's centre, or the region the site serves. */
  start: { centre: LatLng; zoom: number }
  /** The price a marker shows, and the full rent as its title. */
  priceLabel(id: number): { text: string; name: string }
  /** A cluster's count and its accessible name. */
  clusterLabel(count: number): { text: string; name: string }
  /** The reader moved or zoomed the map themselves. */
  onMoved(): void
  /** The reader pointed at a marker (or left it: null). */
  onHover(id: number | null): void
  /** The reader chose a marker. */
  onChoose(id: number): void
}

export interface SearchMap {
  /** Shows these listings, clustered where they crowd. */
  setPoints(points: readonly MapPoint[]): void
  /** Shows this box, or else every point, or else stays. */
  frame(box: Bbox | null): void
  /** The box the reader sees, as a search takes it. */
  box(): Bbox
  /** Marks one listing's marker (or the cluster it is in); null marks none. */
  highlight(id: number | null): void
  /** The map's element changed size (it was hidden, or the layout changed). */
  resize(): void
  destroy(): void
}

interface PointProps {
  id: number
}

/** The results' map on /listings: price markers, clusters, and a view the reader moves. */
export function searchMap(element: HTMLElement, options: SearchMapOptions): SearchMap {
  const map = baseMap(element, options, options.start.centre, options.start.zoom)
  const markers = layerGroup().addTo(map)
  let index = new Supercluster<PointProps, Record<string, never>>({ radius: 56, maxZoom: 16 })
  let points: readonly MapPoint[] = []
  /** The marker each listing is shown by: its own, or its cluster's. */
  let shownBy = new Map<number, Marker>()
  let highlighted: number | null = null
  // moves the page makes (framing new results) are not the reader's
  let framing = false

  const mark = (id: number | null, on: boolean) => {
    const element = id === null ? undefined : shownBy.get(id)?.getElement()
    element?.classList.toggle('is-highlighted', on)
    if (on && id !== null) shownBy.get(id)?.setZIndexOffset(1000)
    else if (id !== null) shownBy.get(id)?.setZIndexOffset(0)
  }

  const render = () => {
    markers.clearLayers()
    shownBy = new Map()
    if (points.length === 0) return
    const bounds = map.getBounds()
    const zoom = Math.round(map.getZoom())
    const box: [number, number, number, number] = [
      Math.max(-180, bounds.getWest()),
      Math.max(-90, bounds.getSouth()),
      Math.min(180, bounds.getEast()),
      Math.min(90, bounds.getNorth()),
    ]
    for (const feature of index.getClusters(box, zoom)) {
      const [lng, lat] = feature.geometry.coordinates as [number, number]
      const props = feature.properties
      if ('cluster' in props && props.cluster) {
        const count = props.point_count
        const label = options.clusterLabel(count)
        const size = count < 10 ? 36 : count < 100 ? 42 : 50
        const cluster = marker([lat, lng], {
          icon: divIcon({ className: 'map-cluster', html: '', iconSize: [size, size] }),
          keyboard: true,
          title: label.name,
        })
        cluster.on('click', () => {
          framing = false
          map.setView([lat, lng], Math.min(index.getClusterExpansionZoom(props.cluster_id), 18))
        })
        cluster.on('add', () => {
          const icon = cluster.getElement()
          if (!icon) return
          icon.textContent = label.text
          icon.setAttribute('aria-label', label.name)
        })
        markers.addLayer(cluster)
        for (const leaf of index.getLeaves(props.cluster_id, Infinity)) shownBy.set(leaf.properties.id, cluster)
        continue
      }
      const id = (props as PointProps).id
      const label = options.priceLabel(id)
      const price = marker([lat, lng], {
        icon: divIcon({ className: 'map-price', html: '', iconSize: undefined }),
        keyboard: true,
        title: label.name,
        riseOnHover: true,
      })
      price.on('add', () => {
        const icon = price.getElement()
        if (!icon) return
        // named by its visible price; the full rent is its title
        icon.textContent = label.text
        icon.dataset.listingId = String(id)
        icon.addEventListener('focus', () => options.onHover(id))
        icon.addEventListener('blur', () => options.onHover(null))
      })
      price.on('mouseover', () => options.onHover(id))
      price.on('mouseout', () => options.onHover(null))
      price.on('click', () => options.onChoose(id))
      markers.addLayer(price)
      shownBy.set(id, price)
    }
    if (highlighted !== null) mark(highlighted, true)
  }

  map.on('moveend', () => {
    render()
    if (framing) framing = false
    else options.onMoved()
  })

  const fitPoints = () => {
    if (points.length === 0) return
    const bounds = latLngBounds(points.map((p) => [p.lat, p.lng] as [number, number]))
    framing = true
    map.fitBounds(bounds, { padding: [40, 40], maxZoom: 15, animate: false })
  }

  return {
    setPoints(next) {
      points = next
      index = new Supercluster<PointProps, Record<string, never>>({ radius: 56, maxZoom: 16 })
      index.load(
        next.map((p) => ({
          type: 'Feature' as const,
          properties: { id: p.id },
          geometry: { type: 'Point' as const, coordinates: [p.lng, p.lat] },
        })),
      )
      render()
    },
    frame(box) {
      if (box) {
        framing = true
        map.fitBounds(
          [
            [box[1], box[0]],
            [box[3], box[2]],
          ],
          { animate: false },
        )
      } else fitPoints()
    },
    box() {
      const bounds = map.getBounds()
      return searchBox(bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth())
    },
    highlight(id) {
      if (highlighted !== null) mark(highlighted, false)
      highlighted = id
      if (id !== null) mark(id, true)
    },
    resize() {
      map.invalidateSize()
    },
    destroy() {
      map.remove()
    },
  }
}
