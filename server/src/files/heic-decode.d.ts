// The registry's heic-decode ships no types: what server/src/files/heic.ts uses of it.
declare module 'heic-decode' {
  type Decoded = { width: number; height: number; data: Uint8ClampedArray };
  type Found = { width: number; height: number; decode: () => Promise<Decoded> };
  function decode(input: { buffer: Uint8Array }): Promise<Decoded>;
  namespace decode {
    /** The file's images with their sizes, none decoded yet; `dispose` frees libheif's memory. */
    function all(input: { buffer: Uint8Array }): Promise<Found[] & { dispose: () => void }>;
  }
  export default decode;
}
