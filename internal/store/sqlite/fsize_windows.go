//go:build windows

package sqlite

// fileSizeLimit reports no limit: Windows has none on the size of the
// files a process writes.
func fileSizeLimit() (int64, bool) { return 0, false }
