// Lookups in a constant table by a name a document (or a request) chose. A plain object answers
// `constructor`, `toString`, `hasOwnProperty` or `__proto__` from Object.prototype: a function where a
// string or number was expected, which then became an IOC source, a decode-call key or text
// (issue 19). Only the table's own entries count.

/** `table[key]` when `key` is one of the table's own entries, else undefined. */
export function ownEntry<V>(table: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
