// Leaflet's ES module build (its package names only the UMD one): the same API as 'leaflet', tree-shaken by the bundler.
declare module 'leaflet/dist/leaflet-src.esm.js' {
  export * from 'leaflet'
}
