import { Trans } from '@lingui/react/macro'
import { Link, useLocation } from 'react-router'

/** This page's address with `name` set to `value` (or left out), from the first page of results when the search changes. */
function withParam(location: { pathname: string; search: string }, name: string, value: string | null): string {
  const params = new URLSearchParams(location.search)
  if (value === null) params.delete(name)
  else params.set(name, value)
  if (name === 'bbox') params.delete('page')
  const query = params.toString()
  return `${location.pathname}${query ? `?${query}` : ''}`
}

/** On a phone: the list or the map, one at a time (`view=map` in the address, so it is kept on reload and in a shared link). */
export function MapToggle({ mapView }: { mapView: boolean }) {
  const location = useLocation()
  return (
    <Link
      className="button map-toggle"
      to={withParam(location, 'view', mapView ? null : 'map')}
      replace
      preventScrollReset
    >
      {mapView ? <Trans>Show the list</Trans> : <Trans>Show the map</Trans>}
    </Link>
  )
}

/** The search is limited to the map's area: said, with the way back to everywhere. */
export function SearchArea() {
  const location = useLocation()
  return (
    <p className="search-area">
      <span>
        <Trans>Only listings in the area chosen on the map.</Trans>
      </span>{' '}
      <Link to={withParam(location, 'bbox', null)} preventScrollReset>
        <Trans>Search everywhere instead</Trans>
      </Link>
    </p>
  )
}
