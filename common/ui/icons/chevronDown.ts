export const chevronDown = '<path d="m6 9 6 6 6-6"/>'
