/**
 * The status card's line on a visitor's /help-center (decision 071): asks /healthz once, as service-status.tsx
 * does, and says what it answered: up is a 2xx, as the app's query counts it. The small body is read to its end
 * all the same: a response left unread keeps its request open, and the page never settles.
 */
import { SERVICE_STATUS, SERVICE_STATUS_DOT, SERVICE_STATUS_ISLAND } from './service-status-texts';

function show(line: HTMLElement, state: (typeof SERVICE_STATUS)[keyof typeof SERVICE_STATUS]): void {
  const dot = line.querySelector('span');
  if (dot) dot.className = `${SERVICE_STATUS_DOT} ${state.tone}`;
  line.lastChild?.remove();
  line.append(document.createTextNode(state.text));
}

export function installServiceStatusIslands(root: ParentNode = document): void {
  const lines = [...root.querySelectorAll<HTMLElement>(`[data-island="${SERVICE_STATUS_ISLAND}"]`)];
  if (lines.length === 0) return;
  void fetch('/healthz', { cache: 'no-store' })
    .then(async (response) => {
      await response.arrayBuffer();
      return response.ok;
    })
    .catch(() => false)
    .then((up) => lines.forEach((line) => show(line, up ? SERVICE_STATUS.up : SERVICE_STATUS.problem)));
}
