/**
 * A Cilin's classes per symbol id (symbols.ts), filled as ids appear, so the DP reads integers only: the
 * substitution cost with ChERRANT's semantic term (cilin.ts) for two symbols.
 */
import { type Cilin } from './cilin.ts';
import { substitutionCostWithSemantic, symbolChar, symbolCount } from './symbols.ts';

/** ChERRANT's semantic term (cost / 6.0) by d, the number of equal class positions (cilin.ts). */
const TERM_BY_AGREEMENT = [6 / 6, 4 / 6, 2 / 6, 0 / 6];
const TERM_UNKNOWN = 4 / 6;

export class CilinSymbols {
  /** Per id: code[0] and code[1] as char codes, code[2:4] as two char codes in one number; -1 when unknown. */
  private major = new Int32Array(0);
  private middle = new Int32Array(0);
  private minor = new Int32Array(0);
  private filled = 0;

  constructor(private readonly cilin: Cilin) {}

  /** Look up every id assigned since the last call. */
  update(): void {
    const n = symbolCount();
    if (n <= this.filled) return;
    if (this.major.length < n) {
      const size = Math.max(n, this.major.length * 2, 256);
      const grow = (a: Int32Array) => {
        const b = new Int32Array(size);
        b.set(a);
        return b;
      };
      this.major = grow(this.major);
      this.middle = grow(this.middle);
      this.minor = grow(this.minor);
    }
    for (let id = this.filled; id < n; id++) {
      const code = this.cilin.codes.get(symbolChar(id));
      if (code === undefined) {
        this.major[id] = -1;
        continue;
      }
      // parseCilin checked the code's shape: 8 ASCII characters.
      this.major[id] = code.charCodeAt(0);
      this.middle[id] = code.charCodeAt(1);
      this.minor[id] = code.charCodeAt(2) * 0x10000 + code.charCodeAt(3);
    }
    this.filled = n;
  }

  /** substitutionCost (cost.ts) of two different symbols under this Cilin; call update() after new ids. */
  substitution(a: number, b: number): number {
    const ma = this.major[a]!;
    const mb = this.major[b]!;
    if (ma < 0 || mb < 0) return substitutionCostWithSemantic(a, b, TERM_UNKNOWN);
    const d = (ma === mb ? 1 : 0) + (this.middle[a] === this.middle[b] ? 1 : 0) + (this.minor[a] === this.minor[b] ? 1 : 0);
    return substitutionCostWithSemantic(a, b, TERM_BY_AGREEMENT[d]!);
  }
}

const byCilin = new WeakMap<Cilin, CilinSymbols>();

/** The (cached) per-symbol classes of one Cilin, up to date with every id assigned so far. */
export function cilinSymbols(cilin: Cilin): CilinSymbols {
  let s = byCilin.get(cilin);
  if (!s) byCilin.set(cilin, (s = new CilinSymbols(cilin)));
  s.update();
  return s;
}
