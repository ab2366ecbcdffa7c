/**
 * A very small DOM builder for the demo pages. The site deliberately has no UI framework: it is a handful
 * of tables that must load fast and stay out of the way of the benchmarks it will host.
 * @module
 */

/** What {@link h} accepts as a child: nodes, text, or nothing (skipped, so conditionals read naturally). */
export type Child = Node | string | number | null | undefined | false;

/** Attribute values: `true` sets an empty attribute, `false`/`undefined` leave it out. */
export type Attrs = Record<string, string | number | boolean | undefined>;

/**
 * Creates an element with attributes and children.
 * @param tag - element name
 * @param attrs - attributes (`class` is written as-is, like any other attribute)
 * @param children - appended in order; strings become text nodes (never parsed as HTML)
 */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    el.setAttribute(name, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

/** Appends children to a node (see {@link Child}). */
export function append(parent: Node, children: readonly Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    parent.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
}

/** Replaces a node's children. */
export function replaceChildren(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}

/**
 * The element with an id, typed.
 * @throws {Error} when the page lacks it: a broken page should fail loudly, not half-render.
 */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`demo page is missing #${id}`);
  return el as T;
}
