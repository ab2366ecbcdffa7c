/**
 * The suite picker: one checkbox per registered suite with its description, what it needs from the
 * machine, and a group of checkboxes for each of its parameters (sizes, backends…); the run length
 * (quick / full); Run and Cancel. Built entirely from the worker's catalog, so a suite added to
 * `bench/index.ts` appears here with no page code.
 * @module
 */
import type { EngineInfo } from 'webcurves';
import { unmetNeeds, type BenchMode, type BenchParamOption, type BenchSelection } from '../../bench/index.js';
import type { SuiteMeta } from './bench-protocol.js';
import { h } from './dom.js';

/** What the user chose. */
export interface Selection {
  readonly mode: BenchMode;
  /** Chosen suites in catalog order, each with the values of every parameter it declares. */
  readonly suites: readonly BenchSelection[];
}

/** A choice to restore (from a permalink): anything missing keeps its current value. */
export interface PartialSelection {
  readonly mode?: BenchMode;
  readonly suites?: readonly { readonly suite: string; readonly params?: Readonly<Record<string, readonly string[]>> }[];
}

export interface PickerHandlers {
  /** Run pressed with a valid selection. */
  onRun(selection: Selection): void;
  onCancel(): void;
  /** Any control changed (to keep the URL in step). */
  onChange(selection: Selection): void;
}

export interface PickerView {
  selection(): Selection;
  /** Sets the controls; returns what could not be applied (unknown suites or values), for the user. */
  apply(choice: PartialSelection): string[];
  /** Disables suites and values whose needs this machine does not meet, and says why. */
  applyInfo(info: EngineInfo): void;
  /** Run enabled (engine ready, nothing running) or not; Cancel enabled while running. */
  setState(state: 'waiting' | 'idle' | 'running'): void;
  readonly runButton: HTMLButtonElement;
  readonly cancelButton: HTMLButtonElement;
}

const MODES: readonly (readonly [BenchMode, string, string])[] = [
  ['quick', 'Quick', 'a few seconds per suite; rough figures'],
  ['full', 'Full', 'longer warm-up and more samples; figures worth quoting'],
];

interface ParamControl {
  readonly id: string;
  readonly options: readonly BenchParamOption[];
  readonly defaults: Readonly<Record<BenchMode, readonly string[]>>;
  readonly boxes: readonly HTMLInputElement[];
  readonly fieldset: HTMLFieldSetElement;
  readonly error: HTMLElement;
  /** The user changed it: a new run length no longer resets it to that length's defaults. */
  touched: boolean;
}

interface SuiteControl {
  readonly meta: SuiteMeta;
  readonly box: HTMLInputElement;
  readonly needsNote?: HTMLElement;
  readonly params: readonly ParamControl[];
}

/**
 * Renders the picker into `form` (which already holds the panel's heading and lede).
 * @param catalog - the suites, from the worker
 */
export function mountPicker(form: HTMLFormElement, catalog: readonly SuiteMeta[], handlers: PickerHandlers): PickerView {
  const suiteList = h('fieldset', { class: 'suite-list' }, h('legend', {}, 'Suites'));
  const modeBoxes = MODES.map(([mode]) =>
    h('input', { type: 'radio', name: 'mode', value: mode, id: `mode-${mode}`, checked: mode === 'quick' }),
  );
  const modeFieldset = h(
    'fieldset',
    { class: 'modes' },
    h('legend', {}, 'Run length'),
    ...MODES.map(([mode, label, hint], i) =>
      h('label', { class: 'choice-inline', for: `mode-${mode}` }, modeBoxes[i]!, ' ', h('strong', {}, label), h('span', { class: 'sub' }, hint)),
    ),
  );
  const mode = (): BenchMode => (modeBoxes.find((b) => b.checked)?.value as BenchMode | undefined) ?? 'quick';

  const controls: SuiteControl[] = catalog.map((meta) => {
    const base = `suite-${meta.id}`;
    const box = h('input', { type: 'checkbox', id: base, name: 'suite', value: meta.id, checked: true });
    const descId = `${base}-desc`;
    const needsId = `${base}-needs`;
    const needsNote =
      meta.needs.length > 0 ? h('p', { class: 'sub needs', id: needsId, 'data-needs': meta.id }, `Needs ${meta.needs.join(', ')}: checking…`) : undefined;
    box.setAttribute('aria-describedby', [meta.description ? descId : '', needsNote ? needsId : ''].filter(Boolean).join(' ') || descId);
    const params: ParamControl[] = meta.params.map((p) => {
      const pid = `${base}-${p.id}`;
      const error = h('p', { class: 'field-error', id: `${pid}-error` });
      const boxes = p.options.map((o, i) =>
        h('input', { type: 'checkbox', id: `${pid}-${i}`, name: `${meta.id}.${p.id}`, value: o.value, checked: p.defaults.quick.includes(o.value) }),
      );
      const fieldset = h(
        'fieldset',
        { class: 'param', 'aria-describedby': error.id, 'data-param': `${meta.id}.${p.id}` },
        h('legend', {}, p.label),
        h('div', { class: 'chips' }, ...p.options.map((o, i) => h('label', { class: 'chip', for: boxes[i]!.id }, boxes[i]!, ' ', o.label))),
        error,
      );
      return { id: p.id, options: p.options, defaults: p.defaults, boxes, fieldset, error, touched: false };
    });
    suiteList.append(
      h(
        'div',
        { class: 'suite-choice', 'data-suite': meta.id },
        h('label', { class: 'suite-choice__title', for: base }, box, ' ', meta.title, ' ', h('code', { class: 'sub-inline' }, meta.id)),
        meta.description && h('p', { class: 'sub', id: descId }, meta.description),
        needsNote,
        ...params.map((p) => p.fieldset),
      ),
    );
    return { meta, box, needsNote, params };
  });

  const runButton = h('button', { type: 'submit', class: 'button button--primary', id: 'run', disabled: true }, 'Run');
  const cancelButton = h('button', { type: 'button', class: 'button', id: 'cancel', disabled: true }, 'Cancel');
  const formError = h('p', { class: 'field-error', id: 'picker-error' });
  form.append(suiteList, modeFieldset, h('div', { class: 'actions' }, runButton, ' ', cancelButton), formError);

  const selection = (): Selection => ({
    mode: mode(),
    suites: controls
      .filter((c) => c.box.checked && !c.box.disabled)
      .map((c) => ({
        suite: c.meta.id,
        params: Object.fromEntries(c.params.map((p) => [p.id, p.boxes.filter((b) => b.checked && !b.disabled).map((b) => b.value)])),
      })),
  });

  const setDefaults = (p: ParamControl, m: BenchMode): void => {
    for (const b of p.boxes) b.checked = p.defaults[m].includes(b.value);
  };

  form.addEventListener('change', (e) => {
    const target = e.target as HTMLInputElement;
    if (target.name === 'mode') {
      for (const c of controls) for (const p of c.params) if (!p.touched) setDefaults(p, mode());
    }
    for (const c of controls) {
      for (const p of c.params) {
        if (p.boxes.includes(target)) {
          p.touched = true;
          p.error.textContent = '';
          p.fieldset.removeAttribute('aria-invalid');
        }
      }
    }
    formError.textContent = '';
    handlers.onChange(selection());
  });

  /** Marks every problem; returns the first control to focus, if any. */
  const validate = (): HTMLElement | undefined => {
    let first: HTMLElement | undefined;
    const chosen = controls.filter((c) => c.box.checked && !c.box.disabled);
    if (chosen.length === 0) {
      formError.textContent = 'Choose at least one suite.';
      first = controls.find((c) => !c.box.disabled)?.box;
    }
    for (const c of chosen) {
      for (const p of c.params) {
        if (!p.boxes.some((b) => b.checked && !b.disabled)) {
          p.error.textContent = `Choose at least one value for ${c.meta.title}.`;
          p.fieldset.setAttribute('aria-invalid', 'true');
          first ??= p.boxes.find((b) => !b.disabled);
        }
      }
    }
    return first;
  };

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (runButton.disabled) return;
    const invalid = validate();
    if (invalid) {
      invalid.focus();
      return;
    }
    handlers.onRun(selection());
  });
  cancelButton.addEventListener('click', () => handlers.onCancel());

  return {
    selection,
    runButton,
    cancelButton,

    apply(choice) {
      const problems: string[] = [];
      if (choice.mode) {
        for (const b of modeBoxes) b.checked = b.value === choice.mode;
        for (const c of controls) for (const p of c.params) if (!p.touched) setDefaults(p, choice.mode);
      }
      if (choice.suites) {
        for (const s of choice.suites) if (!controls.some((c) => c.meta.id === s.suite)) problems.push(`no suite "${s.suite}" in this build`);
        for (const c of controls) {
          const s = choice.suites.find((x) => x.suite === c.meta.id);
          c.box.checked = s !== undefined;
          for (const p of c.params) {
            const values = s?.params?.[p.id];
            if (!values) continue;
            for (const v of values) if (!p.boxes.some((b) => b.value === v)) problems.push(`${c.meta.id}.${p.id} has no value "${v}"`);
            for (const b of p.boxes) b.checked = values.includes(b.value);
            p.touched = true;
          }
        }
      }
      return problems;
    },

    applyInfo(info) {
      for (const c of controls) {
        const unmet = unmetNeeds(c.meta.needs, info);
        if (c.needsNote) {
          c.needsNote.textContent = unmet.length ? `Cannot run here: ${unmet.join('; ')}.` : `Needs ${c.meta.needs.join(', ')}: available.`;
          c.needsNote.classList.toggle('no', unmet.length > 0);
        }
        c.box.disabled = unmet.length > 0;
        if (c.box.disabled) c.box.checked = false;
        for (const p of c.params) {
          p.boxes.forEach((b, i) => {
            const why = unmetNeeds(p.options[i]!.needs, info);
            b.disabled = why.length > 0;
            if (b.disabled) b.parentElement?.setAttribute('title', why.join('; '));
          });
        }
      }
    },

    setState(state) {
      runButton.disabled = state !== 'idle';
      cancelButton.disabled = state !== 'running';
      for (const c of controls) c.box.closest('.suite-choice')?.toggleAttribute('inert', state === 'running');
      for (const b of modeBoxes) b.disabled = state === 'running';
    },
  };
}
