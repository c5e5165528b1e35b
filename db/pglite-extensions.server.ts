import { unaccent } from "@electric-sql/pglite/contrib/unaccent";

/**
 * The PGlite extensions the schema uses, loaded every time the embedded database is opened (server,
 * backup, restore): unaccent, for the generators' French full-text search (migration 0009).
 */
export const pgliteExtensions = { unaccent };
