export const chevronEnd = '<path d="m9 18 6-6-6-6"/>'
