/** Whether a database error is a uniqueness violation, on PostgreSQL or SQLite. */
export function isUniqueViolation(error: unknown): boolean {
  const code = String((error as { code?: unknown }).code ?? '')
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE'
}
