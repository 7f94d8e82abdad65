export const refresh =
  '<path d="M20 11A8 8 0 0 0 5.3 6.3L3 8.5"/><path d="M3 3v5.5h5.5"/><path d="M4 13a8 8 0 0 0 14.7 4.7L21 15.5"/><path d="M21 21v-5.5h-5.5"/>'
