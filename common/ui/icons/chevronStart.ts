export const chevronStart = '<path d="m15 18-6-6 6-6"/>'
