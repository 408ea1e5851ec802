package sqlite

import "database/sql"

// PoolStats reports the store's two connection pools for the server's
// metrics: "write", the one connection every write queues for (its waits
// are the writers that queued), and "read", the query-only connections.
func (s *Store) PoolStats() map[string]sql.DBStats {
	return map[string]sql.DBStats{"write": s.write.Stats(), "read": s.read.Stats()}
}
