export const PUBLIC_LINKS = [
  { href: '/about', label: 'About' },
  { href: '/services', label: 'Services' },
  { href: '/blog', label: 'Blog' },
] as const;

export const NAV_LINK = 'rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900';
export const PANEL_LINK = 'flex items-center gap-3 rounded-md px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100';
