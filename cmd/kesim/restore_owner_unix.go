//go:build unix

package main

import (
	"os"
	"path/filepath"
	"syscall"
)

// dbOwner is who owns the database at path (the file a link points to),
// or, when there is none yet, the folder it goes into: the account the
// server runs as.
func dbOwner(path string) (owner fileOwner, ok bool) {
	fi, err := os.Stat(path)
	if err != nil {
		if fi, err = os.Stat(filepath.Dir(path)); err != nil {
			return fileOwner{}, false
		}
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return fileOwner{}, false
	}
	return fileOwner{uid: int(st.Uid), gid: int(st.Gid)}, true
}

// giveTo makes owner the owner of the files that exist among paths (links
// followed). Only root may give a file away; for anyone else the files
// are their own already, and nothing is done.
func giveTo(owner fileOwner, paths ...string) error {
	if os.Geteuid() != 0 {
		return nil
	}
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			continue
		}
		if st, ok := fi.Sys().(*syscall.Stat_t); ok && int(st.Uid) == owner.uid && int(st.Gid) == owner.gid {
			continue
		}
		if err := os.Chown(p, owner.uid, owner.gid); err != nil {
			return err
		}
	}
	return nil
}
