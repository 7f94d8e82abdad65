export const arrowEnd = '<path d="M5 12h14M13 6l6 6-6 6"/>'
