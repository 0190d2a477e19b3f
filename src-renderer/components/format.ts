// Formatting shared by the console: money in paise, times, relative times.
export const rupees = (paise: number): string =>
  `${paise < 0 ? '-' : ''}₹${(Math.abs(paise) / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export const time = (iso: string | null | undefined): string => (iso ? new Date(iso).toLocaleString() : '—');

export const shortTime = (iso: string | null | undefined): string =>
  iso ? new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' }) : '';
