/** A refusal or failure under a control, announced to screen readers as it appears; nothing when there is none. */
export function ErrorLine({ message }: { message: string | null | undefined }) {
  if (!message) return null
  return (
    <p className="field-error" role="alert">
      {message}
    </p>
  )
}
