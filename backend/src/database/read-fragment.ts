/**
 * A read of another module's table inside the caller's own query, written by the module that owns
 * it: the join that finds the row by a column of the caller's, and the columns it selects under the
 * names that module documents. Read-only; one round trip with the caller's query.
 */
export interface ReadFragment {
  join: string;
  columns: string;
}
