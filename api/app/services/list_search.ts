import db from '@adonisjs/lucid/services/db'
import { whereContains } from '#services/admin_lists'

/**
 * The searched columns of each table, as migration 0031 indexes them: SQLite's trigram FTS5
 * table `<table>_search` holds exactly these, PostgreSQL a trigram index on each one's lower case.
 */
interface Searched {
  users: 'full_name' | 'username' | 'email'
  rooms: 'room_number'
  tenancies: 'ejar_contract_number'
}

/** Trigrams: a shorter search has none to look up, so it reads the table itself. */
const INDEXED_LENGTH = 3

/** `q` as one FTS5 phrase: every character literal, a double quote doubled. */
const ftsPhrase = (q: string) => `"${q.replaceAll('"', '""')}"`

/**
 * The ids of the rows of `table` one of whose `columns` contains `q` in any case: a query, read
 * or given to `whereIn` as a subquery. On SQLite a search of three characters or more is
 * answered by the table's trigram FTS5 table; otherwise it is `whereContains` (a `LIKE` on
 * each column's lower case), which PostgreSQL answers from its trigram indexes.
 */
export function idsContaining<Table extends keyof Searched>(
  table: Table,
  columns: Searched[Table][],
  q: string
) {
  if (db.connection().dialect.name.includes('sqlite') && [...q].length >= INDEXED_LENGTH) {
    const search = `${table}_search`
    return db
      .from(search)
      .select('rowid as id')
      .whereRaw(`${search} MATCH ?`, [`{${columns.join(' ')}}: ${ftsPhrase(q)}`])
  }
  const query = db.from(table).select('id')
  whereContains(query, q, columns)
  return query
}
