/** The Sakan mark: a door-shaped arch with a key hole, in terracotta. */
export function Logo({ size = 36 }: { size?: number }) {
  return (
    <svg
      className="logo-mark"
      width={size}
      height={size}
      viewBox="0 0 40 40"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="40" height="40" rx="12" fill="#b4532a" />
      <path d="M12 31V19a8 8 0 0 1 16 0v12Z" fill="#fbf7f2" />
      <circle cx="20" cy="21.5" r="2.4" fill="#b4532a" />
      <path d="M19 23h2l.6 4.5h-3.2Z" fill="#b4532a" />
    </svg>
  )
}
