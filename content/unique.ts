/**
 * The one duplicate check of the content rules (ids, paths, card fronts, terms, options…): every item
 * whose key was already seen, with its index and the index of the first item with that key.
 */
export function duplicatesBy<T>(items: readonly T[], key: (item: T) => string): { index: number; firstIndex: number; key: string }[] {
  const first = new Map<string, number>();
  const duplicates: { index: number; firstIndex: number; key: string }[] = [];
  items.forEach((item, index) => {
    const value = key(item);
    const seen = first.get(value);
    if (seen === undefined) first.set(value, index);
    else duplicates.push({ index, firstIndex: seen, key: value });
  });
  return duplicates;
}
