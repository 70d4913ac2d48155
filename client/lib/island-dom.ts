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
