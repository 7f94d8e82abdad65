export const check = '<path d="M20 6 9 17l-5-5"/>'
