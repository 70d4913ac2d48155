/**
 * Pre-rendered pages load their scripts after the first paint (decision 010). The page is complete HTML; its
 * scripts only hydrate it, so fetching them while the document is still painting only competes with it. The
 * shell's module script and its preloads are written inert (a script type and a link rel the browser ignores),
 * and one inline loader, the same on every page and allowed by its hash in the CSP, turns them live once the
 * first frame is out (at once in a hidden tab, which paints no frames). The same script starts holding early clicks
 * and submits (shared/early-actions.ts).
 *
 * A static page with islands (decision 049) names two sets of scripts, marked `data-for`: the app's for a visitor
 * with the signed-in hint (`signed-in`), client/islands.ts for everyone else (`visitor`). The loader starts one set.
 */
import { installEarlyActions } from '../../shared/early-actions';
import { SESSION_HINT_TEST } from '../../shared/session-hint';

export const AFTER_PAINT_TYPE = 'hp-after-paint';

export const AFTER_PAINT_LOADER =
  `(function(){var who=${SESSION_HINT_TEST}?'signed-in':'visitor';function mine(e){var f=e.getAttribute('data-for');return !f||f===who}` +
  "function go(){document.querySelectorAll('link[rel=\"hp-after-paint\"]').forEach(function(l){if(!mine(l))return;var p=document.createElement('link');p.rel='modulepreload';p.crossOrigin='';p.href=l.getAttribute('href');document.head.appendChild(p)});document.querySelectorAll('script[type=\"hp-after-paint\"]').forEach(function(e){if(!mine(e))return;var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=e.getAttribute('data-src');document.head.appendChild(s)})}if(document.visibilityState==='hidden')go();else requestAnimationFrame(function(){setTimeout(go,0)})})()" +
  // A click or submit from now until hydration waits and acts once React owns the page (decision 040).
  `;(${installEarlyActions.toString()})()`;

/** The page with its module script and preloads inert, and the loader that starts them after the first paint. */
export function scriptsAfterPaint(html: string): string {
  let entries = 0;
  const out = html
    .replace(/<script type="module" crossorigin src="([^"]+)"( data-for="[a-z-]+")?><\/script>/g, (_tag, src: string, audience = '') => {
      entries += 1;
      return `<script type="${AFTER_PAINT_TYPE}" data-src="${src}"${audience}></script>`;
    })
    .replace(
      /<link rel="modulepreload" crossorigin href="([^"]+)"( data-for="[a-z-]+")?>/g,
      (_tag, href: string, audience = '') => `<link rel="${AFTER_PAINT_TYPE}" href="${href}"${audience}>`,
    );
  const end = out.lastIndexOf('</body>');
  if (entries === 0 || end < 0) return html;
  return `${out.slice(0, end)}<script>${AFTER_PAINT_LOADER}</script>${out.slice(end)}`;
}
