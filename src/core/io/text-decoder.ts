import { Big5Decoder } from './big5.ts';

/** What the readers need of a decoder: TextDecoder's decode. */
export interface Decoder {
  decode(bytes?: Uint8Array, options?: { stream?: boolean }): string;
}

/**
 * A decoder for one of the supported encodings: TextDecoder, except Big5, whose table differs between Node (ICU)
 * and browsers (WHATWG); both read Big5 with the WHATWG decoder in big5.ts.
 */
export function textDecoder(encoding: string, options: { fatal?: boolean; ignoreBOM?: boolean } = {}): Decoder {
  return encoding === 'big5' ? new Big5Decoder(options) : new TextDecoder(encoding, options);
}
