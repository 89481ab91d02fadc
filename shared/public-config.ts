/** What a page may know of the server's configuration (beside the site's own address); built by the server's publicConfig(). */
export interface PublicConfig {
  /** The bot of the Telegram Login Widget, when Telegram sign-in is configured. */
  telegramBotUsername?: string
  /** Firebase's public web API key, when Firebase Authentication replaces the built-in e-mail provider. */
  firebaseApiKey?: string
  /** The VAPID public key (base64url) browsers subscribe to Web Push with (docs/decisions/020-alerts-and-outbox.md). */
  vapidPublicKey?: string
  /** The map's raster tiles: a URL template ({z}/{x}/{y}) and their attribution (docs/decisions/045-maps-leaflet-and-tiles.md). */
  mapTiles?: { url: string; attribution: string }
}
