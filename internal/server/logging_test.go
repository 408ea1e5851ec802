package server

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"sync"
	"testing"
)

// logBuffer collects a server's JSON log lines; handlers log from their
// own goroutines.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *logBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// requests returns the "http request" lines logged so far.
func (b *logBuffer) requests(t *testing.T) []map[string]any {
	t.Helper()
	var lines []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(b.String()), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("log line %q: %v", l, err)
		}
		if m["msg"] == "http request" {
			lines = append(lines, m)
		}
	}
	return lines
}

// loggedTo makes a server log JSON into b.
func loggedTo(b *logBuffer) func(*Config) {
	return func(c *Config) { c.Logger = slog.New(slog.NewJSONHandler(b, nil)) }
}

func TestRequestLogLine(t *testing.T) {
	var logs logBuffer
	ts := newTeamServer(t, true, loggedTo(&logs))
	c := ts.client()
	c.login(t, "ayse")
	c.do("GET", "/api/auth/me", "")
	acc, _, err := ts.st.UserByName(context.Background(), "ayse")
	if err != nil {
		t.Fatal(err)
	}
	const id = "01JBILINMEYENDUZEN0000000"
	w := c.do("GET", "/api/layouts/"+id, "")
	anon := ts.client().do("GET", "/api/layouts/"+id, "")
	noRoute := c.do("PATCH", "/api/layouts", "{}")

	lines := logs.requests(t)
	if len(lines) != 5 {
		t.Fatalf("%d request lines for 5 requests:\n%s", len(lines), logs.String())
	}
	for i, want := range []struct {
		method, route string
		status        int
		bytes         int
		user          string
	}{
		{"GET", "GET /api/layouts/{id}", w.Code, w.Body.Len(), acc.ID},
		{"GET", "GET /api/layouts/{id}", 401, anon.Body.Len(), ""}, // refused before the mux: still its route
		{"PATCH", "/api/", 404, noRoute.Body.Len(), acc.ID},        // the API's catch-all
	} {
		got := lines[2+i]
		if got["method"] != want.method || got["route"] != want.route || got["status"] != float64(want.status) ||
			got["bytes"] != float64(want.bytes) {
			t.Errorf("line %d = %v, want %+v", 2+i, got, want)
		}
		if u, _ := got["user"].(string); u != want.user {
			t.Errorf("line %d: user %q, want %q", 2+i, u, want.user)
		}
		if d, ok := got["duration"].(float64); !ok || d <= 0 {
			t.Errorf("line %d: duration %v", 2+i, got["duration"])
		}
	}
	if strings.Contains(logs.String(), id) {
		t.Errorf("the log carries the path's id:\n%s", logs.String())
	}
}

func TestLoginLogHoldsNoSecrets(t *testing.T) {
	var logs logBuffer
	ts := newTeamServer(t, true, loggedTo(&logs))
	c := ts.client()
	c.do("POST", "/api/auth/login", `{"username":"ayse","password":"yanlis-parola-123"}`)
	c.login(t, "ayse")
	secrets := []string{"yanlis-parola-123", "ayse-parola"}
	for _, ck := range c.cookies {
		secrets = append(secrets, ck.Value)
	}
	refresh := c.do("POST", "/api/auth/refresh", "")
	if refresh.Code != 200 {
		t.Fatalf("refresh: %d %s", refresh.Code, refresh.Body)
	}
	for _, ck := range refresh.Result().Cookies() {
		secrets = append(secrets, ck.Value)
	}
	c.do("POST", "/api/auth/logout", "")

	out := logs.String()
	if len(secrets) < 4 {
		t.Fatalf("no session cookies to look for: %v", secrets)
	}
	for _, s := range secrets {
		if s != "" && strings.Contains(out, s) {
			t.Errorf("the log carries %q:\n%s", s, out)
		}
	}
	lines := logs.requests(t)
	if len(lines) != 4 {
		t.Fatalf("%d request lines for 4 requests:\n%s", len(lines), out)
	}
	if l := lines[0]; l["route"] != "POST /api/auth/login" || l["status"] != float64(401) || l["user"] != nil {
		t.Errorf("failed sign-in logged as %v", l)
	}
	if l := lines[1]; l["route"] != "POST /api/auth/login" || l["status"] != float64(200) || l["user"] == nil {
		t.Errorf("sign-in logged as %v, want its route, 200 and the user's id", l)
	}
}
