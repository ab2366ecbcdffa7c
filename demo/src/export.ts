/**
 * Export of the shown results: the whole report as JSON, the table as Markdown (exactly what
 * `npm run bench` prints), each downloaded as a file or copied; and the permalink. The block is drawn
 * once, with its controls disabled until there are results, so it never changes size.
 * @module
 */
import { markdownReport, type BenchReport } from '../../bench/index.js';
import { h } from './dom.js';

export interface ExportView {
  /** What the buttons export (undefined: nothing yet) and the permalink to the page showing it. */
  update(report: BenchReport | undefined, permalink: string | undefined): void;
}

/** File name stem for downloads: `webcurves-bench-2026-01-31T12-00-00`. */
function stem(report: BenchReport): string {
  return `webcurves-bench-${report.date.slice(0, 19).replace(/:/g, '-')}`;
}

function download(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = h('a', { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  // After the click has been handled; revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Renders the export block into `host`.
 */
export function mountExport(host: HTMLElement): ExportView {
  let report: BenchReport | undefined;
  const feedback = h('p', { class: 'sub export__feedback', role: 'status', 'aria-live': 'polite' }, '\u00a0');
  const json = (): string => JSON.stringify(report, null, 2);
  const md = (): string => markdownReport(report!);
  const button = (id: string, label: string, action: () => void | Promise<void>): HTMLButtonElement => {
    const b = h('button', { type: 'button', class: 'button', id, disabled: true }, label);
    b.addEventListener('click', () => void action());
    return b;
  };
  const copy = async (what: string, text: string): Promise<void> => {
    try {
      await navigator.clipboard.writeText(text);
      feedback.textContent = `${what} copied to the clipboard.`;
    } catch (e) {
      feedback.textContent = `Could not copy (${e instanceof Error ? e.message : String(e)}); use the download, or select the text below.`;
    }
  };
  const buttons = [
    button('export-json', 'Download JSON', () => download(`${stem(report!)}.json`, 'application/json', json())),
    button('copy-json', 'Copy JSON', () => copy('JSON', json())),
    button('export-md', 'Download Markdown', () => download(`${stem(report!)}.md`, 'text/markdown', md())),
    button('copy-md', 'Copy Markdown', () => copy('Markdown table', md())),
  ];
  const link = h('a', { id: 'permalink', class: 'permalink', href: '#', 'aria-disabled': 'true' }, 'Permalink to these results');
  const copyLink = button('copy-link', 'Copy link', () => copy('Link', link.href));
  const preview = h('pre', { id: 'markdown-preview', class: 'json', tabindex: '0' }, 'No results yet.');
  host.append(
    h('h3', { id: 'export-title' }, 'Export and share'),
    h('div', { class: 'actions', role: 'group', 'aria-labelledby': 'export-title' }, ...buttons),
    h('p', { class: 'permalink-row' }, link, ' ', copyLink),
    feedback,
    h('details', {}, h('summary', {}, 'Markdown table (what npm run bench prints)'), preview),
  );
  return {
    update(r, permalink) {
      report = r;
      for (const b of buttons) b.disabled = r === undefined;
      copyLink.disabled = permalink === undefined;
      link.href = permalink ?? '#';
      if (permalink === undefined) link.setAttribute('aria-disabled', 'true');
      else link.removeAttribute('aria-disabled');
      preview.textContent = r ? md() : 'No results yet.';
    },
  };
}
