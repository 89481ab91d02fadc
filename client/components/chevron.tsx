/**
 * A chevron pointing to the start or the end of the line: "previous" points to the start, "next" to
 * the end, in either direction. Drawn, not typed: ‹ and › are mirrored by the text's direction in
 * some fonts and not in others, so no character points the same way everywhere.
 */
export function Chevron({ towards }: { towards: 'start' | 'end' }) {
  return (
    <svg
      className={`chevron chevron-${towards}`}
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M9 5l7 7-7 7"
      />
    </svg>
  )
}
