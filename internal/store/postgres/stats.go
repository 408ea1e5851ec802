package postgres

import "database/sql"

// PoolStats reports the store's connection pool for the server's metrics,
// in database/sql's terms so that every store reports alike: a wait is an
// acquire that found no idle connection (pgxpool's empty acquires).
func (s *Store) PoolStats() map[string]sql.DBStats {
	st := s.pool.Stat()
	return map[string]sql.DBStats{"main": {
		MaxOpenConnections: int(st.MaxConns()),
		OpenConnections:    int(st.TotalConns()),
		InUse:              int(st.AcquiredConns()),
		Idle:               int(st.IdleConns()),
		WaitCount:          st.EmptyAcquireCount(),
		WaitDuration:       st.EmptyAcquireWaitTime(),
		MaxIdleClosed:      st.MaxIdleDestroyCount(),
		MaxLifetimeClosed:  st.MaxLifetimeDestroyCount(),
	}}
}
