interface ImportMetaEnv {
  /** Map tile URL template ({z}/{x}/{y}); an OpenStreetMap-compatible server. */
  readonly PUBLIC_MAP_TILE_URL?: string
  /** Attribution shown under the map for the tile server above. */
  readonly PUBLIC_MAP_ATTRIBUTION?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
