// The bare reference of `npm run bench`: Fastify + renderToPipeableStream of the same 20 cards, from memory,
// no router, no data fetch, no i18n. Pages are reported as a ratio of its throughput.
import Fastify from 'fastify'
import { renderToPipeableStream } from 'react-dom/server'

interface Card {
  slug: string
  title: string
  price: string
  thumb: string
  country: string
  term: string
}

const cards: Card[] = JSON.parse(process.env.BENCH_CARDS ?? '[]')

function Page() {
  return (
    <html lang="en" dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <title>Apartments and rooms for rent · Khaneh</title>
      </head>
      <body>
        <main>
          <div className="listing-grid">
            {cards.map((card) => (
              <article className="listing-card" key={card.slug}>
                <a href={`/en/listing/${card.slug}`} className="listing-card-link">
                  <div className="listing-card-photo">
                    <img src={card.thumb} alt="" width={1200} height={900} loading="lazy" decoding="async" />
                  </div>
                  <div className="listing-card-body">
                    <span className="listing-card-price">{card.price}</span>
                    <h3 className="listing-card-title">{card.title}</h3>
                    <p className="listing-card-meta">
                      <span>{card.country}</span>
                      <span>{card.term}</span>
                    </p>
                  </div>
                </a>
              </article>
            ))}
          </div>
        </main>
      </body>
    </html>
  )
}

const app = Fastify({ logger: false })
app.get('/', (_request, reply) => {
  reply.hijack()
  const stream = renderToPipeableStream(<Page />, {
    onShellReady() {
      reply.raw.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      stream.pipe(reply.raw)
    },
    onShellError() {
      reply.raw.statusCode = 500
      reply.raw.end()
    },
  })
})
const address = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3399) })
console.log(`reference: ${address}`)
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
