/** The id scripts/build.ts gave this bundle ('dev' under the development server). */
declare const __KHANEH_BUILD_ID__: string

/**
 * True in the browser's bundle, false in the server's (vite.config.ts defines it per environment; tests load
 * client modules as the server's build does, test/helpers/client-modules.mjs): what only the server's render
 * needs (structured data, every on-demand part loaded up front) sits behind it, and the browser's script
 * drops it (docs/decisions/040-script-budget-per-page.md).
 */
declare const __KHANEH_BROWSER_BUILD__: boolean
