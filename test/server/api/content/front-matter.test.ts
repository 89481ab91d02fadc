import t from 'tap'
import { parseFrontMatter } from '../../../../server/api/content/front-matter.ts'

t.test('front matter: key: value lines between --- lines, then the body', async (t) => {
  const parsed = parseFrontMatter('---\ntitle: Safety: a guide\ndescription: "  spaced  "\n\n---\n# Body\n\ntext\n')
  t.same(
    parsed.meta,
    { title: 'Safety: a guide', description: '  spaced  ' },
    'the first colon splits; quotes keep spaces',
  )
  t.equal(parsed.body, '# Body\n\ntext\n')
  t.same(parseFrontMatter('\uFEFF---\r\ntitle: x\r\n---\r\nbody').meta, { title: 'x' }, 'BOM and CRLF are accepted')
})

t.test('front matter: anything else is an error naming the line', async (t) => {
  t.throws(() => parseFrontMatter('title: x\n---\n'), /must start with a --- line/)
  t.throws(() => parseFrontMatter('---\ntitle: x\n'), /no closing --- line/)
  t.throws(() => parseFrontMatter('---\njust text\n---\n'), /line 2: expected "key: value"/)
  t.throws(() => parseFrontMatter('---\nTitle: x\n---\n'), /line 2: "Title" is not a lower-case key/)
  t.throws(() => parseFrontMatter('---\ntitle: x\ntitle: y\n---\n'), /line 3: "title" is given twice/)
  t.throws(() => parseFrontMatter('---\ntitle:\n---\n'), /line 2: "title" has no value/)
  t.throws(() => parseFrontMatter('---\n: x\n---\n'), /line 2: expected "key: value"/)
})
