/** The sentence explorer's state: chosen system, filter, search text and selected row, with derived lists. */
import { filterCounts, filterRows, flagsFor, type ExplorerData, type FilterKey } from './explorer.ts';

export class ExplorerState {
  data = $state.raw<ExplorerData | null>(null);
  systemIndex = $state(0);
  filter = $state<FilterKey>('all');
  query = $state('');
  /** Index into data.rows of the selected sentence. */
  selected = $state<number | null>(null);

  flags = $derived(this.data ? flagsFor(this.data, this.systemIndex) : []);
  counts = $derived(filterCounts(this.flags));
  visible = $derived(this.data ? filterRows(this.data, this.flags, this.systemIndex, this.filter, this.query) : []);
  hasGcsc = $derived(this.data?.systems.some((s) => s.gcsc !== null) ?? false);

  setData(data: ExplorerData | null): void {
    this.data = data;
    if (!data || this.systemIndex >= data.systems.length) this.systemIndex = 0;
    if (this.selected !== null && (!data || this.selected >= data.rows.length)) this.selected = null;
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
