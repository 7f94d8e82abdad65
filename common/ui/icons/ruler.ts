export const ruler =
  '<path d="M3 15.5 15.5 3 21 8.5 8.5 21Z"/><path d="m7 11.5 2 2M10 8.5l2 2M13 5.5l2 2"/>'
