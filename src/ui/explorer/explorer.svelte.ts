/** The sentence explorer's state: chosen system, filter, search text and selected row, with derived lists. */
import { setsOf } from '../compare/stats-input.ts';
import { filterCounts, filterRows, flagsFor, rowWithId, type ExplorerData, type FilterKey } from './explorer.ts';
import { keepIds, pairCounts, pairIds, type PairFilter } from './pair-filter.ts';

export class ExplorerState {
  data = $state.raw<ExplorerData | null>(null);
  systemIndex = $state(0);
  filter = $state<FilterKey>('all');
  query = $state('');
  /** Index into data.systems of the system compared with (B), for the pairwise filters. */
  other = $state<number | null>(null);
  pairFilter = $state<PairFilter | null>(null);
  /** Index into data.rows of the selected sentence. */
  selected = $state<number | null>(null);

  flags = $derived(this.data ? flagsFor(this.data, this.systemIndex) : []);
  counts = $derived(filterCounts(this.flags));
  sets = $derived(this.data && this.data.systems.length >= 2 ? setsOf(this.data) : null);
  #names = $derived(this.pairNames());
  pairCounts = $derived(this.sets && this.#names ? pairCounts(this.sets, this.#names[0], this.#names[1]) : null);
  visible = $derived(this.computeVisible());
  hasGcsc = $derived(this.data?.systems.some((s) => s.gcsc !== null) ?? false);

  private pairNames(): [string, string] | null {
    const a = this.data?.systems[this.systemIndex]?.name;
    const b = this.other === null ? undefined : this.data?.systems[this.other]?.name;
    return a !== undefined && b !== undefined && this.other !== this.systemIndex ? [a, b] : null;
  }

  private computeVisible(): number[] {
    if (!this.data) return [];
    const base = filterRows(this.data, this.flags, this.systemIndex, this.filter, this.query);
    const names = this.#names;
    if (!this.pairFilter || !this.sets || !names) return base;
    return keepIds(this.data.rows, base, pairIds(this.sets, names[0], names[1], this.pairFilter));
  }

  setData(data: ExplorerData | null): void {
    this.data = data;
    if (!data || this.systemIndex >= data.systems.length) this.systemIndex = 0;
    if (!data || (this.other !== null && this.other >= data.systems.length)) {
      this.other = null;
      this.pairFilter = null;
    }
    if (this.selected !== null && (!data || this.selected >= data.rows.length)) this.selected = null;
  }

  /**
   * Enter in the search box: the row whose id is exactly the query (even when the filter hides it: the filter goes
   * back to all), else the first row shown. Returns the row selected, or null.
   */
  jump(): number | null {
    if (!this.data) return null;
    const exact = rowWithId(this.data, this.query);
    if (exact !== null && !this.visible.includes(exact)) {
      this.filter = 'all';
      this.pairFilter = null;
    }
    this.selected = exact ?? this.visible[0] ?? null;
    return this.selected;
  }

  /** Moves the selection within the visible list by `step` rows; returns the new position in that list. */
  move(step: number): number | null {
    const list = this.visible;
    if (list.length === 0) return null;
    const at = this.selected === null ? -1 : list.indexOf(this.selected);
    const next = at === -1 ? (step > 0 ? 0 : list.length - 1) : Math.max(0, Math.min(list.length - 1, at + step));
    this.selected = list[next]!;
    return next;
  }
}
