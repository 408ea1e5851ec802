package main

import (
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// kesim serve on a port another program holds says so in Turkish, names
// the port and suggests --addr with the next one; exit 1 as docs/cli.md
// says.
func TestServePortInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	addr := ln.Addr().String()
	_, port, _ := net.SplitHostPort(addr)
	n, _ := strconv.Atoi(port)
	code, _, stderr := runT("", "serve", "--addr", addr, "--db", filepath.Join(t.TempDir(), "kesim.db"))
	want := "kesim serve: " + addr + " dinlenemiyor: " + port + " kapısı (port) kullanımda: başka bir program (belki başka bir Kesim) onu dinliyor. " +
		"O programı kapatın ya da --addr ile başka bir kapı verin (ör. --addr 127.0.0.1:" + strconv.Itoa(n+1) + ")\n"
	if code != 1 || !strings.HasSuffix(stderr, want) || strings.Contains(stderr, "address already in use") {
		t.Errorf("serve on a port in use: exit %d, %q, want it to end in %q", code, stderr, want)
	}
}

// The other reasons a listen fails, in Turkish.
func TestListenProblem(t *testing.T) {
	// An address this computer does not have (TEST-NET-1, RFC 5737).
	if _, err := net.Listen("tcp", "192.0.2.1:8080"); err != nil {
		if got := listenProblem(err, "192.0.2.1:8080"); !strings.HasPrefix(got, "bu bilgisayarın böyle bir adresi yok") {
			t.Errorf("an address of another computer: %q (%v)", got, err)
		}
	}
	denied := &net.OpError{Op: "listen", Net: "tcp", Err: os.NewSyscallError("bind", syscall.EACCES)}
	if got := listenProblem(denied, ":80"); !strings.HasPrefix(got, "80 kapısını (port) dinleme izni yok: 1024'ten küçük kapılar yönetici yetkisi ister") {
		t.Errorf("a port below 1024: %q", got)
	}
}
