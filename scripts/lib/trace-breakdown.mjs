// Where a page's rendering work goes, from a Chrome trace (the DevTools Protocol's Tracing, Playwright's
// browser.startTracing): each thread's complete events ('X', and 'B'/'E' pairs) nested into self time, summed by
// event name and grouped as DevTools groups them (script, style, layout, paint, raster, compositing), in thread time
// (CPU actually used, `tdur`) and in wall time (`dur`, which on a busy machine also counts the waits for a core).
// Paint events carry the rectangle they painted (`args.data.clip`: the whole layer they walked, reusing what had not
// changed, so an upper bound on what a key invalidated).

/** The trace categories the breakdown reads (the DevTools Performance panel's, without screenshots). */
export const TRACE_CATEGORIES = Object.freeze([
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'blink.user_timing',
  'v8.execute',
  'cc',
]);

const GROUPS = [
  ['script', /^(FunctionCall|EvaluateScript|v8\.|V8\.|TimerFire|FireAnimationFrame|EventDispatch|RunMicrotasks|XHR|GCEvent|MinorGC|MajorGC|MessagePort|ParseHTML|FireIdleCallback)/],
  ['style', /^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|ScheduleStyleRecalculation|InvalidateLayout)/],
  ['layout', /^(Layout|UpdateLayout|IntersectionObserverController|HitTest|ComputeIntersections)/],
  ['paint', /^(Paint|PrePaint|PaintImage|UpdateLayer|Layerize|PaintSetup|PaintArtifactCompositor|UpdateLayerTree|CompositeLayers)/],
  ['raster', /^(RasterTask|Rasterize|ImageDecodeTask|DecodeImage|TileManager|RasterBufferProvider|DisplayItemList::Raster|ZeroCopyRasterBuffer|OneCopyRasterBuffer)/],
  ['commit', /^(Commit|ActivateLayerTree|DrawFrame|BeginImplFrame|ProxyMain|ProxyImpl|LayerTreeHost|BeginMainThreadFrame|Scheduler)/],
];

function groupOf(name) {
  for (const [group, pattern] of GROUPS) if (pattern.test(name)) return group;
  return 'other';
}

/** The threads of the page's renderer (CrRendererMain, Compositor, CompositorTileWorker…) by pid:tid. */
function threadNames(events) {
  const names = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  return names;
}

/** Complete events per thread, 'B'/'E' pairs made complete. */
function completeEvents(events) {
  const byThread = new Map();
  const open = new Map();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph === 'X') {
      if (!byThread.has(key)) byThread.set(key, []);
      byThread.get(key).push({ name: e.name, ts: e.ts, dur: e.dur ?? 0, tdur: e.tdur ?? e.dur ?? 0, args: e.args });
    } else if (e.ph === 'B') {
      if (!open.has(key)) open.set(key, []);
      open.get(key).push(e);
    } else if (e.ph === 'E') {
      const begin = open.get(key)?.pop();
      if (!begin) continue;
      if (!byThread.has(key)) byThread.set(key, []);
      const tdur = begin.tts !== undefined && e.tts !== undefined ? e.tts - begin.tts : e.ts - begin.ts;
      byThread.get(key).push({ name: begin.name, ts: begin.ts, dur: e.ts - begin.ts, tdur, args: { ...begin.args, ...e.args } });
    }
  }
  return byThread;
}

/** Self time by event name on one thread (a child's time is not its parent's). */
function selfTimes(list) {
  list.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const self = new Map();
  const stack = [];
  const close = (until) => {
    while (stack.length > 0 && stack.at(-1).end <= until) {
      const done = stack.pop();
      const entry = self.get(done.name) ?? { dur: 0, tdur: 0, count: 0 };
      entry.dur += Math.max(0, done.selfDur);
      entry.tdur += Math.max(0, done.selfTdur);
      entry.count += 1;
      self.set(done.name, entry);
    }
  };
  for (const e of list) {
    close(e.ts);
    const parent = stack.at(-1);
    if (parent) {
      parent.selfDur -= e.dur;
      parent.selfTdur -= e.tdur;
    }
    stack.push({ name: e.name, end: e.ts + e.dur, selfDur: e.dur, selfTdur: e.tdur });
  }
  close(Infinity);
  return self;
}

const quadArea = (q) => {
  if (!Array.isArray(q) || q.length < 8) return 0;
  // A clip quad's corners, in order: the shoelace formula.
  let twice = 0;
  for (let i = 0; i < 8; i += 2) twice += q[i] * q[(i + 3) % 8] - q[(i + 2) % 8] * q[i + 1];
  return Math.abs(twice) / 2;
};

/**
 * The breakdown of a trace (its JSON, as Playwright's stopTracing returns it) over `keys` keys, in ms per key:
 * per thread kind and group, thread time and wall time, plus the Paint events' count and area per key.
 */
export function traceBreakdown(json, keys) {
  const { traceEvents: events } = JSON.parse(json);
  const names = threadNames(events);
  // The renderer of the page: the process whose main thread ran the keydown handlers.
  const keyPid = events.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown')?.pid;
  const perThread = completeEvents(events.filter((e) => keyPid === undefined || e.pid === keyPid || e.ph === 'M'));
  const groups = {};
  let paints = 0;
  let paintArea = 0;
  const topNames = new Map();
  for (const [key, list] of perThread) {
    const thread = names.get(key) ?? 'unknown';
    // Raster runs on the renderer's pool workers (ThreadPoolForegroundWorker, or CompositorTileWorker in older builds).
    const kind =
      thread === 'CrRendererMain'
        ? 'main'
        : thread === 'Compositor'
          ? 'compositor'
          : /^(CompositorTileWorker|ThreadPoolForegroundWorker)/.test(thread)
            ? 'worker'
            : null;
    if (kind === null) continue;
    for (const e of list) {
      if (kind === 'main' && e.name === 'Paint') {
        paints += 1;
        paintArea += quadArea(e.args?.data?.clip);
      }
    }
    for (const [name, t] of selfTimes(list)) {
      if (name === 'RunTask' || name === 'ThreadControllerImpl::RunTask') continue;
      const group = `${kind} ${groupOf(name)}`;
      const g = (groups[group] ??= { tdur: 0, dur: 0 });
      g.tdur += t.tdur;
      g.dur += t.dur;
      if (kind === 'main') {
        const n = topNames.get(name) ?? { tdur: 0, count: 0 };
        n.tdur += t.tdur;
        n.count += t.count;
        topNames.set(name, n);
      }
    }
  }
  const ms = (us) => us / 1000 / keys;
  return {
    groups: Object.fromEntries(
      Object.entries(groups)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([group, g]) => [group, { cpu: ms(g.tdur), wall: ms(g.dur) }]),
    ),
    topMain: [...topNames]
      .sort((a, b) => b[1].tdur - a[1].tdur)
      .slice(0, 12)
      .map(([name, t]) => ({ name, cpu: ms(t.tdur), perKey: t.count / keys })),
    paintsPerKey: paints / keys,
    paintAreaPerKey: paintArea / keys,
  };
}

/** The breakdown as lines to print. */
export function breakdownLines(b) {
  const out = ['per key, from the trace (CPU = thread time; wall includes waiting for a core):'];
  const totals = {};
  for (const [group, t] of Object.entries(b.groups)) {
    const kind = group.split(' ')[0];
    totals[kind] = (totals[kind] ?? 0) + t.cpu;
  }
  out.push(`  CPU per thread: ${Object.entries(totals).map(([kind, cpu]) => `${kind} ${cpu.toFixed(2)} ms`).join(', ')}`);
  for (const [group, t] of Object.entries(b.groups)) out.push(`  ${group.padEnd(20)} CPU ${t.cpu.toFixed(2).padStart(6)} ms   wall ${t.wall.toFixed(2).padStart(6)} ms`);
  out.push(`  Paint events ${b.paintsPerKey.toFixed(1)} per key, their clip rects ${Math.round(b.paintAreaPerKey).toLocaleString('en-GB')} px² per key`);
  out.push('  main thread, largest self times (CPU ms per key, events per key):');
  for (const n of b.topMain) out.push(`    ${n.name.padEnd(36)} ${n.cpu.toFixed(2).padStart(6)}   ${n.perKey.toFixed(1)}`);
  return out;
}
