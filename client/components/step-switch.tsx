import { useId, type MouseEvent, type ReactNode } from 'react'

/**
 * Buttons that switch what a page shows (a form to another, a card into its editor): with the app at
 * once, by their `onSwitch`; without it, by asking the page again with `?name=value` through a hidden
 * GET form of their own, whose `keep` fields stay in the address (docs/decisions/041-forms-without-javascript.md).
 * Render `form` once, outside any other form.
 */
export function useStepSwitch(keep: Record<string, string | null | undefined> = {}): {
  form: ReactNode
  button: (
    step: { name: string; value: string } | null,
    onSwitch: () => void,
  ) => { type: 'submit'; form: string; name?: string; value?: string; onClick: (event: MouseEvent) => void }
} {
  const id = useId()
  return {
    form: (
      <form id={id} method="get" hidden>
        {Object.entries(keep).map(([name, value]) =>
          value ? <input key={name} type="hidden" name={name} value={value} /> : null,
        )}
      </form>
    ),
    button: (step, onSwitch) => ({
      type: 'submit',
      form: id,
      ...(step && { name: step.name, value: step.value }),
      onClick: (event) => {
        event.preventDefault()
        onSwitch()
      },
    }),
  }
}

/** The page's address without the steps its buttons opened (`?edit=`, `?delete=` …): where its forms are sent. */
export function withoutSteps(location: { pathname: string; search: string }, steps: readonly string[]): string {
  const params = new URLSearchParams(location.search)
  for (const step of steps) params.delete(step)
  const search = params.toString()
  return search ? `${location.pathname}?${search}` : location.pathname
}
