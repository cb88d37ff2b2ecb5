/** The interface strings in use. One language for now; a later change adds zh-CN and a switch here. */
import { en, type Strings } from './en.ts';

export const t: Strings = en;
export type { Strings };
