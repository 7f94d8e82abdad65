export const desk = '<path d="M3 8h18M5 8v12M19 8v12"/><path d="M12 8v6h7"/><path d="M14 11h3"/>'
