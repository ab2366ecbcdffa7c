/**
 * Whether a device runs on a CPU-emulated adapter: the MSM service routes nothing to such a GPU by default. In a
 * module of its own, so that the service can ask without loading the GPU code.
 * @module
 */

/**
 * Adapter looks CPU-emulated (SwiftShader or another fallback adapter).
 * @throws nothing.
 */
export function isSoftwareDevice(device: GPUDevice): boolean {
  const info = (device as { adapterInfo?: Partial<GPUAdapterInfo> & { isFallbackAdapter?: boolean } }).adapterInfo;
  if (!info) return false;
  return info.isFallbackAdapter === true || /swiftshader|llvmpipe|lavapipe|warp/i.test(`${info.architecture ?? ''} ${info.description ?? ''} ${info.device ?? ''}`);
}
