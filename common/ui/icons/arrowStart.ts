export const arrowStart = '<path d="M19 12H5M11 6l-6 6 6 6"/>'
