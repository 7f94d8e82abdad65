interface ImportMetaEnv {
  /** Attribution shown under the map for the tile server above. */
  readonly PUBLIC_MAP_ATTRIBUTION?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
