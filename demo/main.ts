/**
 * Entry of the demo page. The page thread only draws: the webcurves engine, the benchmark suites, the
 * self-test and the task panels' cryptography all run in one dedicated module worker (`src/bench.worker.ts`,
 * reached through `BenchClient`), so the page stays responsive whatever runs.
 *
 * Order of events: the worker lists its suites (its code has loaded) → every panel is drawn at once, from
 * the URL hash when it holds a selection or saved results → the engine reports what it found → the
 * self-test runs → Run is enabled. A run streams its plan (the whole table is laid out), then each
 * result as it completes; when it ends, the URL hash becomes a permalink to the results.
 * @module
 */
import type { EngineInfo } from 'webcurves';
import { reportHeader, type BenchReport } from '../bench/index.js';
import { BenchClient, type RunEvent, type WorkerReady } from './src/bench-client.js';
import type { SuiteMeta, SuitePlan } from './src/bench-protocol.js';
import { byId, h } from './src/dom.js';
import { browserRuntime, mountEnvironment } from './src/environment.js';
import { mountExport } from './src/export.js';
import { toJsonValue } from './src/json.js';
import { announce, globals, setPageState, setRunState } from './src/page-state.js';
import { readHash, writeHash, type HashState } from './src/permalink.js';
import { mountPicker, type Selection } from './src/picker.js';
import { mountResults } from './src/results.js';
import { selfTestSuite } from './src/suites/selftest.js';
import { mountGroth16 } from './src/tasks/groth16.js';
import { mountStarknet } from './src/tasks/starknet.js';

/** A panel: `<section>` with a heading and a lede; returns the section to fill. */
function panel(id: string, title: string, lede?: string): HTMLElement {
  return h('section', { id, class: 'panel', 'aria-labelledby': `${id}-title` }, h('h2', { id: `${id}-title`, tabindex: '-1' }, title), lede && h('p', { class: 'lede' }, lede));
}

function main(): void {
  let catalog: readonly SuiteMeta[] = [];
  let page: ReturnType<typeof render> | undefined;
  let early: { ready?: WorkerReady; failed?: string } = {};
  let started = false;

  const client = new BenchClient({
    onCatalog(suites) {
      catalog = suites;
      if (!started) {
        started = true;
        void readHash(location.hash).then((hash) => {
          page = render(hash);
          if (early.failed !== undefined) page.failed(early.failed);
          else if (early.ready) void page.ready(early.ready);
        });
      }
    },
    onReady(ready) {
      if (page) void page.ready(ready);
      else early = { ready };
    },
    onFailed(message) {
      console.error(`webcurves demo: ${message}`);
      if (page) page.failed(message);
      else if (!started) {
        // The worker never listed its suites: draw the page anyway, to say what went wrong.
        started = true;
        page = render({ selection: {} });
        page.failed(message);
      } else early = { failed: message };
    },
  });
  // The worker, its wasm workers and GPU device go with the page. A page restored from the back/forward
  // cache would come back without them, so it starts afresh instead.
  addEventListener('pagehide', () => client.terminate());
  addEventListener('pageshow', (e) => {
    if (e.persisted) location.reload();
  });

  function render(hash: HashState) {
    const host = byId('panels');
    const envSection = panel('environment', 'Environment', 'What the engine found in this browser. Benchmark figures mean little without it.');
    envSection.setAttribute('aria-busy', 'true');
    const environment = mountEnvironment(envSection);

    const selfSection = panel('selftest', selfTestSuite.title, selfTestSuite.description);
    const selfBody = h('div', { class: 'panel__body' });
    selfSection.append(selfBody);
    const selfTest = selfTestSuite.mount(selfBody);

    const benchSection = panel(
      'bench',
      'Benchmarks',
      'Pick suites and sizes, then Run. Each case checks its result before it is timed; peers run in the same worker, in the same run.',
    );
    const form = h('form', { class: 'picker', 'aria-labelledby': 'bench-title' });
    benchSection.append(form);

    const resultsSection = panel('results', 'Results');
    const origin = h('p', { class: 'summary results-origin', id: 'results-origin' }, 'No results yet: choose suites above and press Run.');
    const resultsHost = h('div', { class: 'results-suites', id: 'results-suites' });
    const exportHost = h('div', { class: 'export' });
    resultsSection.append(origin, resultsHost, exportHost);
    const results = mountResults(resultsHost, () => catalog);
    const exporter = mountExport(exportHost);

    const groth16Section = panel(
      'task-groth16',
      'Verify a Groth16, PLONK or FFLONK proof',
      "A dapp front end's job: check a snarkjs proof in the page. Paste snarkjs JSON or load a sample.",
    );
    const groth16 = mountGroth16(groth16Section, client);
    const starknetSection = panel(
      'task-starknet',
      'Sign a Starknet invoke v3 transaction',
      "An in-browser wallet's job: hash an invoke v3 transaction (Poseidon) and sign it (Stark-curve ECDSA, RFC 6979).",
    );
    const starknet = mountStarknet(starknetSection, client);

    /** The report shown in the results panel, if any. */
    let shown: BenchReport | undefined;
    const updateHash = async (selection: Selection): Promise<void> => {
      history.replaceState(history.state, '', await writeHash(selection, shown));
      exporter.update(shown, shown ? location.href : undefined);
    };

    const picker = mountPicker(form, catalog, {
      onChange: (selection) => void updateHash(selection),
      onCancel() {
        announce('Cancelling…');
        client.cancel();
      },
      onRun(selection) {
        shown = undefined;
        globals().report = undefined;
        exporter.update(undefined, undefined);
        setRunState('running');
        picker.setState('running');
        picker.cancelButton.focus();
        origin.textContent = 'Running on this machine…';
        // The table is laid out when the worker's plan arrives, which can take longer than the 500 ms after the
        // click that layout-shift accounting forgives (a first run imports the peers); reserving a screen now,
        // as part of the click, moves what follows out of view at once instead of in steps later.
        resultsHost.dataset['reserved'] = '';
        announce('Preparing the suites…');
        const t0 = performance.now();
        let plans: readonly SuitePlan[] = [];
        let casesDone = 0;
        let total = 0;
        client.run(selection.mode, selection.suites, (e: RunEvent) => {
          if (e.type === 'plan') {
            plans = e.plans;
            total = plans.reduce((n, p) => n + (p.cases?.length ?? 0), 0);
            results.layout(plans);
          } else if (e.type === 'case') {
            results.started(e.suite, e.index);
            if (e.index === 0) announce(`Running ${catalog.find((s) => s.id === e.suite)?.title ?? e.suite} (${casesDone} of ${total} cases done)…`);
          } else if (e.type === 'result') {
            casesDone++;
            results.result(e.suite, e.index, e.result);
          } else void finish(selection, plans, e, performance.now() - t0);
        });
      },
    });
    /** Shows what a hash holds: the selection, and the saved results with where they were measured. */
    const applyHash = (state: HashState): void => {
      const problems = picker.apply(state.selection);
      if (state.report) {
        shown = state.report;
        globals().report = shown;
        results.show(shown);
        origin.replaceChildren(
          h('strong', {}, 'From a link: '),
          `${reportHeader(shown)}, measured ${new Date(shown.date).toLocaleString()}. Press Run to measure on this machine.`,
        );
        exporter.update(shown, location.href);
      }
      const notes = [...problems, ...(state.problem ? [state.problem] : [])];
      if (notes.length) origin.append(h('span', { class: 'sub no' }, `Parts of this link were ignored: ${notes.join('; ')}.`));
    };
    applyHash(hash);

    async function finish(selection: Selection, plans: readonly SuitePlan[], end: Extract<RunEvent, { type: 'end' }>, ms: number): Promise<void> {
      const done = results.results();
      if (end.status !== 'done') results.stop(end.status === 'cancelled' ? 'cancelled' : 'not run');
      const info = engineInfo!;
      shown = {
        version: info.version,
        runtime: browserRuntime(),
        date: new Date().toISOString(),
        mode: selection.mode,
        selection: plans.map((p) => ({ suite: p.suite, params: p.params })),
        info,
        results: done,
        ...(end.status === 'done' ? {} : { cancelled: true }),
      };
      globals().report = shown;
      await updateHash(selection);
      // As short as the line it replaces: a longer one would push the tables down (the full description of
      // the machine is in the exports and in the permalink's view).
      origin.textContent = `Measured just now in this browser (${selection.mode} run${end.status === 'done' ? '' : ', partial'}).`;
      const failed = done.filter((r) => !r.ok && r.skipped === undefined).length;
      const secs = `${(ms / 1000).toFixed(1)} s`;
      if (end.status === 'done') {
        announce(
          failed ? `Done: ${failed} of ${done.length} cases failed their check (${secs}).` : `Done: ${done.length} cases, every check passed (${secs}).`,
          failed ? 'error' : 'ok',
        );
      } else if (end.status === 'cancelled') {
        announce(`Cancelled after ${done.length} cases${end.message ? `: ${end.message}` : ''}.`);
      } else {
        announce(`The run failed: ${end.message ?? 'unknown error'}.`, 'error');
        console.error(`webcurves demo: the run failed: ${end.message}`);
      }
      setRunState(end.status === 'done' && failed ? 'error' : end.status);
      // Focus follows the run only when it was on the run controls (never pulled away from other work).
      const focusWasOnControls = [picker.cancelButton, document.body, null].includes(document.activeElement as HTMLElement | null);
      picker.setState('idle');
      if (focusWasOnControls) byId('results-title').focus();
    }

    // A link pasted into this tab's address bar (replaceState, used for our own updates, fires nothing).
    addEventListener('hashchange', () => {
      if (!client.running) void readHash(location.hash).then(applyHash);
    });

    host.append(envSection, selfSection, benchSection, resultsSection, groth16Section, starknetSection);
    setPageState('starting');
    announce('Starting the engine in the benchmark worker: wasm core, workers, WebGPU…');
    let readyOnce = false;
    /** The engine's description, for reports (the run button is enabled only once it is known). */
    let engineInfo: EngineInfo | undefined;

    return {
      async ready({ info, features }: WorkerReady): Promise<void> {
        engineInfo = info;
        globals().info = toJsonValue(info);
        globals().features = features;
        environment.show(info);
        picker.applyInfo(info);
        groth16.setAvailable(features.groth16);
        starknet.setAvailable(features.starknet);
        if (readyOnce) {
          // The worker was restarted after a hard cancel.
          picker.setState('idle');
          return;
        }
        readyOnce = true;
        announce('Running the self-test…');
        let ok = false;
        try {
          const outcome = await selfTest.run({ selfTest: () => client.call('selfTest'), announce });
          globals().suites['selftest'] = outcome.data;
          ok = outcome.ok;
          announce(`${outcome.summary} Ready: choose suites and press Run.`, ok ? 'ok' : 'error');
        } catch (e) {
          const message = e instanceof Error ? e.message : String(e);
          selfTest.fail(message);
          announce(`The self-test failed: ${message}`, 'error');
          console.error('webcurves demo: self-test failed', e);
        }
        picker.setState('idle');
        setPageState(ok ? 'ready' : 'error');
      },
      failed(message: string): void {
        globals().error = message;
        environment.fail(message);
        selfTest.fail('the engine did not start');
        groth16.fail(message);
        starknet.fail(message);
        picker.setState('waiting');
        announce(`The engine could not start: ${message}`, 'error');
        setPageState('error');
      },
    };
  }

}

main();
