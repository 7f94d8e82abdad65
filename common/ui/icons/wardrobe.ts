export const wardrobe =
  '<rect x="5" y="2.5" width="14" height="19" rx="1.5"/><path d="M12 2.5v19M10 11v2M14 11v2"/>'
