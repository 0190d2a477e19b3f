// A box that scrolls its own content (a ledger, a payload, a wide table) and holds nothing focusable: a Tab
// stop with a name, so the keyboard can reach it and scroll it with the arrow and page keys. Its element also
// takes the `scroll-region` class, whose focus ring is drawn inside, where no parent clips it.
export const scrollRegion = (label: string) => ({ tabIndex: 0, role: 'region', 'aria-label': label }) as const;
