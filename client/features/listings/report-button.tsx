import { Trans } from '@lingui/react/macro'
import { lazy, Suspense, useId, useRef, useState } from 'react'
import { useHydrated } from '../../lib/hydrated.ts'

// The form comes on demand: it starts loading when the reader points at or focuses the button, and the dialog
// shows its title until it is there (docs/decisions/025-catalogs-by-route-group.md).
const loadForm = () => import('./report-form.tsx')
const ReportForm = lazy(() => loadForm().then((m) => ({ default: m.ReportForm })))

/**
 * "Report" of a signed-in reader on the listing page: a modal dialog with the reasons; the report goes to the
 * moderators' queue. It comes on demand (report-dialog.tsx).
 */
export function ReportButton({ listingId }: { listingId: number }) {
  const id = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const [opened, setOpened] = useState(false)
  // a sent report starts the next one afresh: a new round mounts a new form
  const [round, setRound] = useState(0)
  const sent = useRef(false)
  // a script's button: pressed before its part runs it would do nothing (decision 041)
  const hydrated = useHydrated()

  const close = () => dialog.current?.close()
  return (
    <>
      <button
        type="button"
        className="link-button report-link"
        disabled={!hydrated}
        onPointerEnter={() => void loadForm()}
        onFocus={() => void loadForm()}
        onClick={() => {
          setOpened(true)
          dialog.current?.showModal()
        }}
      >
        <Trans>Report this listing</Trans>
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        onClose={() => {
          if (!sent.current) return
          sent.current = false
          setRound((r) => r + 1)
        }}
      >
        {opened && (
          <Suspense
            fallback={
              <div className="dialog-form">
                <h2 id={`${id}-title`}>
                  <Trans>Report this listing</Trans>
                </h2>
                <p className="hint" role="status">
                  <Trans>Loading…</Trans>
                </p>
              </div>
            }
          >
            <ReportForm
              key={round}
              listingId={listingId}
              titleId={`${id}-title`}
              close={close}
              onSent={() => (sent.current = true)}
            />
          </Suspense>
        )}
      </dialog>
    </>
  )
}
