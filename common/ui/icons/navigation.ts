export const navigation = '<path d="M3 11 21 3l-8 18-2-8Z"/>'
