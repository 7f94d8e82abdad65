export const plus = '<path d="M12 5v14M5 12h14"/>'
