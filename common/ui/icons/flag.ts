export const flag = '<path d="M5 21V4M5 4h11l-2 4 2 4H5"/>'
