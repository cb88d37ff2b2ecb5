// The core is compiled without the DOM lib; these WHATWG globals exist in both Node and browsers.
interface TextDecoderOptions {
  fatal?: boolean;
  ignoreBOM?: boolean;
}
declare class TextDecoder {
  constructor(label?: string, options?: TextDecoderOptions);
  readonly encoding: string;
  decode(input?: ArrayBufferView | ArrayBuffer, options?: { stream?: boolean }): string;
}
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
