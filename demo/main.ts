/**
 * Entry of the demo page: mounts the environment panel and every suite (skeletons first, so the layout is
 * final before any work starts), creates one engine with the default backend choice (`gpu: 'auto'`,
 * `workers: 'auto'`), shows what it found, then runs the suites in order.
 *
 * `webcurves` resolves to the built package (`dist/src/index.js`, see `vite.config.ts`), so this page also
 * checks that the published wasm files and worker script load after bundling.
 * @module
 */
import { createEngine, type Engine } from 'webcurves';
import { byId, h } from './src/dom.js';
import { mountEnvironment } from './src/environment.js';
import { toJsonValue } from './src/json.js';
import { announce, globals, setPageState } from './src/page-state.js';
import type { SuiteView } from './src/suite.js';
import { suites } from './src/suites/index.js';

/** A readable message from anything thrown (WebcurvesError carries a code worth showing). */
function describeError(e: unknown): string {
  if (e instanceof Error) {
    const code = (e as { code?: unknown }).code;
    const cause = e.cause instanceof Error ? ` (${e.cause.message})` : '';
    return `${typeof code === 'string' ? `${code}: ` : ''}${e.message}${cause}`;
  }
  return String(e);
}

function mountSuites(): { id: string; title: string; view: SuiteView }[] {
  const host = byId('suites');
  return suites.map((suite) => {
    const titleId = `${suite.id}-title`;
    const body = h('div', { class: 'panel__body' });
    host.append(
      h(
        'section',
        { id: suite.id, class: 'panel', 'aria-labelledby': titleId },
        h('h2', { id: titleId }, suite.title),
        h('p', { class: 'lede' }, suite.description),
        body,
      ),
    );
    return { id: suite.id, title: suite.title, view: suite.mount(body) };
  });
}

async function main(): Promise<void> {
  const environment = mountEnvironment(byId('environment'));
  const mounted = mountSuites();

  setPageState('starting');
  announce('Starting the engine: wasm core, workers, WebGPU…');
  let engine: Engine;
  try {
    engine = await createEngine({ gpu: 'auto', workers: 'auto' });
  } catch (e) {
    const message = describeError(e);
    environment.fail(message);
    for (const m of mounted) m.view.fail('the engine did not start');
    globals().error = message;
    announce(`The engine could not start: ${message}`, 'error');
    setPageState('error');
    console.error('webcurves demo: createEngine failed', e);
    return;
  }
  // Workers and the GPU device are released when the page goes away. A page restored from the back/forward
  // cache would come back with a closed engine, so it starts afresh instead.
  addEventListener('pagehide', () => void engine.close());
  addEventListener('pageshow', (e) => {
    if (e.persisted) location.reload();
  });

  const info = engine.info();
  environment.show(info);
  globals().info = toJsonValue(info);

  setPageState('running');
  let allOk = true;
  const summaries: string[] = [];
  for (const m of mounted) {
    announce(`Running ${m.title}…`);
    try {
      const outcome = await m.view.run({ engine, announce });
      globals().suites[m.id] = outcome.data;
      allOk &&= outcome.ok;
      summaries.push(outcome.summary);
    } catch (e) {
      const message = describeError(e);
      m.view.fail(message);
      allOk = false;
      summaries.push(`${m.title} failed: ${message}`);
      console.error(`webcurves demo: suite ${m.id} failed`, e);
    }
  }
  announce(summaries.join(' '), allOk ? 'ok' : 'error');
  setPageState(allOk ? 'done' : 'error');
}

main().catch((e: unknown) => {
  // Only a broken page gets here (a missing element); still tell the user.
  globals().error = describeError(e);
  announce(`The page failed: ${describeError(e)}`, 'error');
  setPageState('error');
  console.error('webcurves demo failed', e);
});
