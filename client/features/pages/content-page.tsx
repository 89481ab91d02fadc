import { data, type LoaderFunctionArgs } from 'react-router'

/** The catch-all content page, for any path no other route takes: no content pages are published yet, so every path is a 404. */
export function loader({ request }: LoaderFunctionArgs) {
  const path = new URL(request.url).pathname
  throw data({ message: `Page not found: ${path}` }, { status: 404 })
}

export function Component() {
  return null
}
