/**
 * GPU programs: a compute kernel as a small object that owns its WGSL, its bindings and uniforms, its
 * workgroup size, how many workgroups a dispatch over n items takes, and its pipeline cache key — the shape
 * of tfjs-backend-webgpu's `WebGPUProgram` (`shaderKey`, `getUserCode()`, `workgroupSize`, dispatch from the
 * inputs, uniforms in one place).
 *
 * - The kernel's interface comes from its WGSL source: the fields of its `struct Params` (uniforms, all
 *   `u32`, bound at binding 0) and its storage bindings, as `npm run gen` read them from `shaders/` into
 *   `src/generated/shaders.ts`. The host fills uniforms and binds buffers by those names, so TypeScript
 *   checks that host and WGSL agree.
 * - A program is specialised by a record of plain values ({@link Specialisation}: curve, limb width,
 *   workgroup size, code shape, …). Its WGSL is built from that record alone and its cache key is the
 *   kernel name plus every entry of the record, so the key covers everything the WGSL depends on.
 * @module
 */

/** A storage binding as a WGSL source declares it. */
export interface ShaderBinding {
  readonly name: string;
  readonly binding: number;
  readonly access: 'read' | 'read_write';
  /** The flag of the template section the declaration sits in (`!flag` for its negation), if any. */
  readonly when?: string;
}

/** The interface a WGSL source declares (one export of `src/generated/shaders.ts`). */
export interface ShaderInterface {
  readonly path: string;
  /** Fields of `struct Params`, in order; bound as `params` at binding 0 when there are any. */
  readonly uniforms: readonly string[];
  readonly bindings: readonly ShaderBinding[];
}

/** Names of the uniforms of a source. */
export type UniformName<I extends ShaderInterface> = I['uniforms'][number];

/** Uniform values of a program, by name (every field of its `struct Params`). */
export type UniformValues<I extends ShaderInterface> = { readonly [K in UniformName<I>]: number };

type Unconditional<I extends ShaderInterface> = Exclude<I['bindings'][number], { readonly when: string }>['name'];
type Conditional<I extends ShaderInterface> = Extract<I['bindings'][number], { readonly when: string }>['name'];

/** Buffers for the storage bindings of a program, by name (those in template sections are optional). */
export type BindingBuffers<I extends ShaderInterface> = { readonly [K in Unconditional<I>]: GPUBuffer } & {
  readonly [K in Conditional<I>]?: GPUBuffer;
};

/** What a program is specialised by: plain values, every one of which goes into its cache key. */
export type Specialisation = Readonly<Record<string, string | number | boolean>>;

/** How a kernel is built from its specialisation; see {@link defineProgram}. */
export interface ProgramDefinition<I extends ShaderInterface, S extends Specialisation> {
  /** Kernel name, unique across the library (e.g. `msm/accumulate`); it opens the cache key. */
  readonly name: string;
  /** The kernel's WGSL source (its uniforms and bindings). */
  readonly shader: I;
  /** Threads per workgroup. */
  workgroupSize(spec: S): number;
  /** What a dispatch counts: one item per thread (default) or one per workgroup (e.g. scan tiles). */
  readonly itemsPer?: 'thread' | 'workgroup';
  /** Values of the flags that guard conditional bindings (`when`), if the source has any. */
  flags?(spec: S): Readonly<Record<string, boolean>>;
  /** The complete WGSL module, entry point `main`: a function of the specialisation and nothing else. */
  code(spec: S): string;
}

/** The canonical cache key of a kernel specialisation: `name{k=v,…}` with the keys sorted. */
function cacheKey(name: string, spec: Specialisation): string {
  const entries = Object.keys(spec)
    .sort()
    .map((k) => `${k}=${String(spec[k])}`);
  return `${name}{${entries.join(',')}}`;
}

/** A kernel specialised for one configuration (see the module header). */
export class GpuProgram<I extends ShaderInterface = ShaderInterface, S extends Specialisation = Specialisation> {
  /** Kernel name (also the label of its passes). */
  readonly name: string;
  /** The specialisation the WGSL is built from. */
  readonly spec: S;
  /** Pipeline cache key: the name and every entry of {@link spec}. */
  readonly key: string;
  /** Threads per workgroup. */
  readonly workgroupSize: number;
  /** Items one workgroup covers in {@link workgroups}: its threads, or 1 for per-workgroup kernels. */
  readonly itemsPerWorkgroup: number;
  /** Uniform names in struct order (binding 0 when non-empty). */
  readonly uniforms: readonly UniformName<I>[];
  /** The storage bindings present in this specialisation, in binding order. */
  readonly bindings: readonly ShaderBinding[];
  private readonly def: ProgramDefinition<I, S>;
  private text: string | undefined;

  /** @throws {Error} when a conditional binding's flag is missing from the definition's `flags`. */
  constructor(def: ProgramDefinition<I, S>, spec: S) {
    this.name = def.name;
    this.spec = spec;
    this.key = cacheKey(def.name, spec);
    this.workgroupSize = def.workgroupSize(spec);
    this.itemsPerWorkgroup = def.itemsPer === 'workgroup' ? 1 : this.workgroupSize;
    this.uniforms = def.shader.uniforms as readonly UniformName<I>[];
    const flags = def.flags?.(spec) ?? {};
    this.bindings = def.shader.bindings
      .filter((b) => {
        if (b.when === undefined) return true;
        const flag = b.when.replace(/^!/, '');
        const value = flags[flag];
        if (value === undefined) throw new Error(`program ${def.name}: binding ${b.name} depends on flag ${flag}, which the program does not set`);
        return b.when.startsWith('!') ? !value : value;
      })
      .sort((a, b) => a.binding - b.binding);
    this.def = def;
  }

  /**
   * The complete WGSL module (built on first use, then kept).
   * @throws {WebcurvesError} what the specialisation's emitters throw (e.g. `INVALID_ARGUMENT` for a limb
   *   width out of range).
   */
  get code(): string {
    this.text ??= this.def.code(this.spec);
    return this.text;
  }

  /**
   * Workgroups one dispatch over `items` items needs (threads, or workgroups for per-workgroup kernels).
   * @throws never.
   */
  workgroups(items: number): number {
    return Math.ceil(items / this.itemsPerWorkgroup);
  }

  /**
   * The uniform block's words, in struct order.
   * @throws {Error} when a value is missing or not a u32 (a programming error in the caller).
   */
  uniformData(values: UniformValues<I>): Uint32Array {
    const out = new Uint32Array(this.uniforms.length);
    this.uniforms.forEach((name, i) => {
      const v = (values as Readonly<Record<string, number>>)[name];
      if (v === undefined || !Number.isInteger(v) || v < 0 || v > 0xffff_ffff) throw new Error(`program ${this.name}: uniform ${name} is ${v}, not a u32`);
      out[i] = v;
    });
    return out;
  }

  /**
   * Bind-group entries: the uniform block at binding 0 (when the kernel has uniforms) and each present
   * storage binding's buffer.
   * @param buffers - one buffer per present binding, by name
   * @param uniforms - the uniform block (e.g. a slot of a parameter arena); required when the kernel has uniforms
   * @throws {Error} when a present binding has no buffer, a buffer is given for an absent one, or the
   *   uniform block is missing (programming errors in the caller).
   */
  bindGroupEntries(buffers: BindingBuffers<I>, uniforms?: GPUBufferBinding): GPUBindGroupEntry[] {
    const given = buffers as Readonly<Record<string, GPUBuffer | undefined>>;
    const entries: GPUBindGroupEntry[] = [];
    if (this.uniforms.length) {
      if (!uniforms) throw new Error(`program ${this.name}: the uniform block is missing`);
      entries.push({ binding: 0, resource: uniforms });
    }
    for (const b of this.bindings) {
      const buffer = given[b.name];
      if (!buffer) throw new Error(`program ${this.name}: no buffer for binding ${b.name}`);
      entries.push({ binding: b.binding, resource: { buffer } });
    }
    for (const name of Object.keys(given))
      if (given[name] && !this.bindings.some((b) => b.name === name)) throw new Error(`program ${this.name}: it has no binding ${name}`);
    return entries;
  }
}

/**
 * Defines a kernel: the returned function specialises it. The definition's `code` must read nothing but
 * its argument (and module constants), so that the cache key, made of the name and the specialisation,
 * determines the WGSL.
 * @param def - see {@link ProgramDefinition}
 * @returns the kernel's factory
 * @throws never itself; the factory throws as the {@link GpuProgram} constructor.
 */
export function defineProgram<I extends ShaderInterface, S extends Specialisation>(def: ProgramDefinition<I, S>): (spec: S) => GpuProgram<I, S> {
  return (spec) => new GpuProgram(def, spec);
}
