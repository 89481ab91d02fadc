import type { Dispatch, KeyboardEvent, SetStateAction } from 'react'

/**
 * The keys of a WAI-ARIA 1.2 combobox input: arrows move the active option, Enter picks it,
 * Escape closes the list.
 */
export function comboboxKeyDown<T>(
  event: KeyboardEvent<HTMLInputElement>,
  list: {
    options: T[]
    active: number
    expanded: boolean
    setActive: Dispatch<SetStateAction<number>>
    setOpen: (open: boolean) => void
    choose: (option: T) => void
  },
) {
  const { options, active, expanded, setActive, setOpen, choose } = list
  if (event.key === 'ArrowDown') {
    event.preventDefault()
    setOpen(true)
    setActive((i) => Math.min(options.length - 1, i + 1))
  } else if (event.key === 'ArrowUp') {
    event.preventDefault()
    setActive((i) => Math.max(0, i - 1))
  } else if (event.key === 'Enter' && expanded && options[active]) {
    event.preventDefault()
    choose(options[active])
  } else if (event.key === 'Escape') {
    setOpen(false)
  }
}
