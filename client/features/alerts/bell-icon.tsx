/** A bell drawn in the text's colour (an emoji bell is missing from some systems' fonts). */
export function BellIcon() {
  return (
    <svg className="bell-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M18 16v-5a6 6 0 0 0-12 0v5l-2 2h16l-2-2ZM10 21a2 2 0 0 0 4 0"
      />
    </svg>
  )
}
