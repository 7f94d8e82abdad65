/** Card brands accepted through the card payment provider (Visa, Mastercard, mada). */
export function PaymentBadges() {
  return (
    <ul className="chip-list" role="list">
      <li className="pay-badge" title="Visa">
        <svg viewBox="0 0 48 16" width="48" height="16" role="img" aria-label="Visa">
          <text
            x="24"
            y="13"
            textAnchor="middle"
            fontFamily="Arial, Helvetica, sans-serif"
            fontSize="15"
            fontWeight="900"
            fontStyle="italic"
            fill="#1a1f71"
          >
            VISA
          </text>
        </svg>
      </li>
      <li className="pay-badge" title="Mastercard">
        <svg viewBox="0 0 40 24" width="40" height="24" role="img" aria-label="Mastercard">
          <circle cx="15" cy="12" r="9" fill="#eb001b" />
          <circle cx="25" cy="12" r="9" fill="#f79e1b" />
          <path d="M20 4.5a9 9 0 0 1 0 15 9 9 0 0 1 0-15Z" fill="#ff5f00" />
        </svg>
      </li>
      <li className="pay-badge" title="mada">
        <svg viewBox="0 0 52 20" width="52" height="20" role="img" aria-label="mada">
          <rect x="1" y="3" width="12" height="5" rx="1" fill="#84b740" />
          <rect x="1" y="11" width="12" height="5" rx="1" fill="#259bd6" />
          <text
            x="33"
            y="15"
            textAnchor="middle"
            fontFamily="Arial, Helvetica, sans-serif"
            fontSize="13"
            fontWeight="700"
            fill="#27292d"
          >
            mada
          </text>
        </svg>
      </li>
    </ul>
  )
}
