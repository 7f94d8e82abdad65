export const bath =
  '<path d="M4 12h16v3a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5Z"/><path d="M6 12V5.5a2 2 0 0 1 3.7-1"/><path d="M7 20l-1 2M17 20l1 2"/>'
