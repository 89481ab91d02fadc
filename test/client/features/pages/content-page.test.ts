import t from 'tap'
import { loader } from '../../../../client/features/pages/content-page.tsx'
import { routeArgs, thrownBy } from '../../../helpers/page-context.ts'

t.test('content page loader: no content page is published yet, so every path is a 404 naming it', async (t) => {
  t.match(await thrownBy(() => loader(routeArgs('/en/terms-of-use'))), {
    data: { message: 'Page not found: /en/terms-of-use' },
    init: { status: 404 },
  })
})
