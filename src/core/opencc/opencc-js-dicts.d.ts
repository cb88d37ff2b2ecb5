// opencc-js ships its dictionaries as ES modules whose default export is the serialized "a b|c d" text.
declare module 'opencc-js/dict/*' {
  const dict: string;
  export default dict;
}
