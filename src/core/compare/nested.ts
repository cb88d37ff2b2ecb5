/** Putting values at key paths into nested objects, mirroring the profile's own value shape. */
import type { KeyPath } from './keys.ts';

export type Nested<T> = { [key: string]: T | Nested<T> };

export function setAt<T>(target: Nested<T>, path: KeyPath, value: T): void {
  let node = target;
  path.forEach((key, i) => {
    if (i === path.length - 1) node[key] = value;
    else node = (node[key] ??= {}) as Nested<T>;
  });
}
