/**
 * DOM helpers for the islands of static pages (client/islands.ts, decision 049), which build their few new nodes
 * without React: an icon drawn as the app's icon set draws it.
 */
type IconNode = readonly (readonly [tag: 'path' | 'circle', attributes: Record<string, string>])[];

/** lucide's `x`. */
export const X_ICON: IconNode = [
  ['path', { d: 'M18 6 6 18' }],
  ['path', { d: 'm6 6 12 12' }],
];

/** lucide's `circle-check` (CheckCircle2 in the app). */
export const CIRCLE_CHECK_ICON: IconNode = [
  ['circle', { cx: '12', cy: '12', r: '10' }],
  ['path', { d: 'm16 9-5.5 5.5L8 12' }],
];

const SVG = 'http://www.w3.org/2000/svg';

/** A decorative icon (hidden from assistive technology), 24×24 stroked like lucide's. */
export function svgIcon(node: IconNode, className: string): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  const attributes: Record<string, string> = {
    width: '24',
    height: '24',
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    class: className,
    'aria-hidden': 'true',
  };
  for (const [name, value] of Object.entries(attributes)) svg.setAttribute(name, value);
  for (const [tag, attrs] of node) {
    const child = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attrs)) child.setAttribute(name, value);
    svg.append(child);
  }
  return svg;
}

/** lucide's `triangle-alert` (the error summary's icon). */
export const TRIANGLE_ALERT_ICON: IconNode = [
  ['path', { d: 'm21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3' }],
  ['path', { d: 'M12 9v4' }],
  ['path', { d: 'M12 17h.01' }],
];

/** lucide's `chevron-down` (a disclosure's marker). */
export const CHEVRON_DOWN_ICON: IconNode = [['path', { d: 'm6 9 6 6 6-6' }]];

/** lucide's `send`. */
export const SEND_ICON: IconNode = [
  ['path', { d: 'M14.536 21.686a.5.5 0 0 0 .937-.024l6.5-19a.496.496 0 0 0-.635-.635l-19 6.5a.5.5 0 0 0-.024.937l7.93 3.18a2 2 0 0 1 1.112 1.11z' }],
  ['path', { d: 'm21.854 2.147-10.94 10.939' }],
];

/** An element with its classes and text. */
export function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}
