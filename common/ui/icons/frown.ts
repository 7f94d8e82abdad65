export const frown =
  '<circle cx="12" cy="12" r="9"/><path d="M8 16.5a5 5 0 0 1 8 0M9 9.5h.01M15 9.5h.01"/>'
