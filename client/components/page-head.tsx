import { useLingui } from '@lingui/react/macro'
import { useShell } from '../lib/context.ts'

/** A page's title, description and Open Graph tags; React hoists them into <head>. */
export function PageHead({
  title,
  description,
  image,
  noindex,
}: {
  title: string
  description?: string
  image?: string
  noindex?: boolean
}) {
  const { t } = useLingui()
  const { publicBaseUrl } = useShell()
  const full = `${title} · ${t`Khaneh`}`
  return (
    <>
      <title>{full}</title>
      {description && <meta name="description" content={description} />}
      <meta property="og:title" content={full} />
      {description && <meta property="og:description" content={description} />}
      <meta property="og:type" content="website" />
      {image && <meta property="og:image" content={image.startsWith('/') ? `${publicBaseUrl}${image}` : image} />}
      {noindex && <meta name="robots" content="noindex" />}
    </>
  )
}
