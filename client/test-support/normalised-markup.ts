/**
 * An element's markup without what differs by renderer alone (React against an island's own DOM): the attributes
 * named in `ignored` (generated ids and the references to them), attribute order, and lucide's own class names. Two
 * renderers of the same page compare equal on it.
 */
export function normalisedMarkup(element: Element | null, ignored: readonly string[]): string {
  if (!element) return '(none)';
  const skip = new Set(ignored);
  const walk = (node: Node): string => {
    if (node.nodeType === 3) return node.textContent ?? '';
    if (node.nodeType !== 1) return '';
    const el = node as Element;
    const attributes = [...el.attributes]
      .filter((a) => !skip.has(a.name))
      .map((a) => (a.name === 'class' ? `class="${a.value.split(/\s+/).filter((c) => c && !c.startsWith('lucide')).sort().join(' ')}"` : `${a.name}="${a.value}"`))
      .sort();
    const tag = el.tagName.toLowerCase();
    return `<${tag} ${attributes.join(' ')}>${[...el.childNodes].map(walk).join('')}</${tag}>`;
  };
  return walk(element);
}
