export const info = '<circle cx="12" cy="12" r="9"/><path d="M12 16v-4.5M12 8h.01"/>'
