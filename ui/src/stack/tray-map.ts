/**
 * Tray bookkeeping for drawing (pure): which tile sits in which slot, and what moved
 * between two views of the game (so the motion layer knows what flies where). It reads
 * the engine's answer; it decides no rule.
 */
import type { Place, StackView, TileId } from "../ipc";

/** Slot contents, `size` long: the tray's tiles in order, then empty slots. */
export function traySlots(tray: readonly TileId[], size: number): (TileId | null)[] {
  const out: (TileId | null)[] = [];
  for (let i = 0; i < Math.max(size, tray.length); i++) out.push(tray[i] ?? null);
  return out;
}

/** Holding-row contents: always three places. */
export function heldSlots(held: readonly TileId[]): (TileId | null)[] {
  return [held[0] ?? null, held[1] ?? null, held[2] ?? null];
}

export interface Move {
  id: TileId;
  from: Place;
  to: Place;
}

/** Each tile whose place changed from `prev` to `next` (same deal), in id order. */
export function placeChanges(prev: Pick<StackView, "tiles">, next: Pick<StackView, "tiles">): Move[] {
  const before = new Map<TileId, Place>();
  for (const t of prev.tiles) before.set(t.id, t.place);
  const out: Move[] = [];
  for (const t of next.tiles) {
    const from = before.get(t.id);
    if (from !== undefined && from !== t.place) out.push({ id: t.id, from, to: t.place });
  }
  return out;
}

/** Tray tiles that stayed in the tray but changed slot: id → [old slot, new slot]. */
export function slotShifts(prevTray: readonly TileId[], nextTray: readonly TileId[]): Map<TileId, [number, number]> {
  const old = new Map<TileId, number>();
  prevTray.forEach((id, i) => old.set(id, i));
  const out = new Map<TileId, [number, number]>();
  nextTray.forEach((id, i) => {
    const o = old.get(id);
    if (o !== undefined && o !== i) out.set(id, [o, i]);
  });
  return out;
}

/** The slot a vanishing triple collapses into: the middle of the slots its tiles held. */
export function collapseSlot(slots: readonly number[]): number {
  if (slots.length === 0) return 0;
  const sorted = [...slots].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Whether two views show the same deal (same tiles at the same places), so moves can be animated. */
export function sameDeal(a: Pick<StackView, "tiles">, b: Pick<StackView, "tiles">): boolean {
  if (a.tiles.length !== b.tiles.length) return false;
  for (let i = 0; i < a.tiles.length; i++) {
    const p = a.tiles[i]!;
    const q = b.tiles[i]!;
    if (p.id !== q.id || p.x !== q.x || p.y !== q.y || p.z !== q.z) return false;
  }
  return true;
}
