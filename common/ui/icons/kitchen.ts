export const kitchen =
  '<path d="M6 3v7a2 2 0 0 0 4 0V3M8 3v18"/><path d="M17 21V3c-2 1-3 3.5-3 6.5V13h3"/>'
