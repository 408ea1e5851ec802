package server

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strconv"
	"strings"
	"testing"
	"time"

	"kesim/internal/store"
)

// The sign-in limits: failures only, per (name, address) tightly, per
// address and per name loosely, never a lock-out of the owner by
// strangers; X-Forwarded-For only from trusted proxies.

// signIn posts a sign-in from addr (host:port) with extra headers.
func (ts *teamServer) signIn(addr, name, pw string, header ...string) *httptest.ResponseRecorder {
	c := ts.client()
	c.addr = addr
	return c.do("POST", "/api/auth/login", `{"username":"`+name+`","password":"`+pw+`"}`, header...)
}

// Behind a reverse proxy every sign-in comes from one address: successes
// must not use up that address's allowance.
func TestSuccessfulSignInsDoNotCount(t *testing.T) {
	ts := newTeamServer(t, true)
	const proxy = "127.0.0.1:40000"
	for i := 0; i < 32; i++ {
		name := []string{"ayse", "mehmet"}[i%2]
		if w := ts.signIn(proxy, name, name+"-parola"); w.Code != 200 {
			t.Fatalf("sign-in %d from one address: %d %s", i+1, w.Code, w.Body)
		}
	}
	if w := ts.signIn(proxy, "ayse", "yanlis-parola"); w.Code != 401 {
		t.Errorf("a typo after 32 sign-ins: %d %s, want 401", w.Code, w.Body)
	}
	if w := ts.signIn(proxy, "ayse", "ayse-parola"); w.Code != 200 {
		t.Errorf("the right password after 32 sign-ins and a typo: %d %s", w.Code, w.Body)
	}
}

// Wrong passwords for a name from other addresses never lock its owner
// out of a clean address, not even under a guess spread over a hundred
// addresses.
func TestStrangersCannotLockTheOwnerOut(t *testing.T) {
	ts := newTeamServer(t, true)
	strangers := []string{"127.0.0.2:1", "127.0.0.3:1", "192.0.2.20:1", "192.0.2.21:1", "198.51.100.5:1", "[2001:db8:9::1]:1", "[2001:db8:a::1]:1"}
	for _, addr := range strangers {
		if w := ts.signIn(addr, "ayse", "yanlis-parola"); w.Code != 401 {
			t.Errorf("one wrong password from %s: %d %s, want 401", addr, w.Code, w.Body)
		}
	}
	if w := ts.signIn("203.0.113.50:1", "ayse", "ayse-parola"); w.Code != 200 {
		t.Fatalf("the owner after %d strangers' failures: %d %s", len(strangers), w.Code, w.Body)
	}

	// A hundred failures of the name: addresses that failed on it wait,
	// a clean one still signs in (and gets one try).
	now := ts.now()
	bucket := now.Truncate(loginBucket)
	for i := 0; i < maxNameFails; i++ {
		keys := limitKeys("ayse", fmt.Sprintf("10.7.%d.%d", i/250, i%250))
		if _, err := ts.st.RecordLoginAttempt(context.Background(), bucket, bucket.Add(-loginWindow), keys[:],
			func([][]store.LoginCount) bool { return true }); err != nil {
			t.Fatal(err)
		}
	}
	w := ts.signIn(strangers[0], "ayse", "ayse-parola")
	if w.Code != 429 || w.Header().Get("Retry-After") == "" {
		t.Errorf("an address that failed on a name under attack: %d %v, want 429 with Retry-After", w.Code, w.Header())
	}
	if w := ts.signIn("203.0.113.51:1", "ayse", "ayse-parola"); w.Code != 200 {
		t.Errorf("the owner from a clean address under attack: %d %s", w.Code, w.Body)
	}
	if w := ts.signIn("203.0.113.52:1", "ayse", "yanlis-parola"); w.Code != 401 {
		t.Errorf("a clean address's one try under attack: %d", w.Code)
	}
	if w := ts.signIn("203.0.113.52:1", "ayse", "ayse-parola"); w.Code != 429 {
		t.Errorf("its second try: %d, want 429", w.Code)
	}
	if w := ts.signIn("203.0.113.52:1", "mehmet", "mehmet-parola"); w.Code != 200 {
		t.Errorf("another name from that address: %d", w.Code)
	}
}

// Five failures of one name from one address lock that pair, and the 429
// says for how long.
func TestPairLimitAndRetryAfter(t *testing.T) {
	ts := newTeamServer(t, true)
	const addr = "127.0.0.2:1"
	for i := 0; i < maxPairFails; i++ {
		if w := ts.signIn(addr, "ayse", "yanlis-parola"); w.Code != 401 {
			t.Fatalf("failure %d: %d %s", i+1, w.Code, w.Body)
		}
	}
	w := ts.signIn(addr, "ayse", "ayse-parola")
	if w.Code != 429 || errMessage(w) != msgTooManyTries {
		t.Fatalf("after %d failures: %d %s", maxPairFails, w.Code, w.Body)
	}
	after, err := strconv.Atoi(w.Header().Get("Retry-After"))
	if err != nil || after < 900 || after > 960 {
		t.Fatalf("Retry-After %q, want the seconds until the window frees (900 to 960)", w.Header().Get("Retry-After"))
	}
	if w := ts.signIn("127.0.0.3:1", "ayse", "ayse-parola"); w.Code != 200 {
		t.Errorf("the same name from another address: %d %s", w.Code, w.Body)
	}
	if w := ts.signIn(addr, "mehmet", "mehmet-parola"); w.Code != 200 {
		t.Errorf("another name from the same address: %d %s", w.Code, w.Body)
	}
	ts.advance(time.Duration(after-1) * time.Second)
	if w := ts.signIn(addr, "ayse", "ayse-parola"); w.Code != 429 {
		t.Errorf("a second before Retry-After: %d", w.Code)
	}
	ts.advance(time.Second)
	if w := ts.signIn(addr, "ayse", "ayse-parola"); w.Code != 200 {
		t.Errorf("at Retry-After: %d %s", w.Code, w.Body)
	}
	// A success forgives the pair's typing errors: four more typos from
	// here are still answered, not refused.
	for i := 0; i < maxPairFails-1; i++ {
		if w := ts.signIn(addr, "ayse", "yanlis-parola"); w.Code != 401 {
			t.Errorf("typo %d after a success: %d", i+1, w.Code)
		}
	}
}

func TestClientAddr(t *testing.T) {
	a := &auth{trusted: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("::1/128")}}
	for _, tc := range []struct {
		peer string
		xff  []string
		want string
	}{
		{"192.0.2.1:1", []string{"198.51.100.1"}, "192.0.2.1"},
		{"10.0.0.5:1", nil, "10.0.0.5"},
		{"10.0.0.5:1", []string{"198.51.100.1"}, "198.51.100.1"},
		{"[::1]:1", []string{"198.51.100.1"}, "198.51.100.1"},
		{"[::ffff:10.0.0.5]:1", []string{"198.51.100.1"}, "198.51.100.1"},
		{"10.0.0.5:1", []string{"203.0.113.9, 198.51.100.1"}, "198.51.100.1"},
		{"10.0.0.5:1", []string{"198.51.100.1, 10.0.0.9"}, "198.51.100.1"},
		{"10.0.0.5:1", []string{"203.0.113.9", "198.51.100.1"}, "198.51.100.1"},
		{"10.0.0.5:1", []string{"10.1.1.1, 10.2.2.2"}, "10.1.1.1"},
		{"10.0.0.5:1", []string{"198.51.100.1, unknown, 10.2.2.2"}, "10.2.2.2"},
		{"10.0.0.5:1", []string{"unknown"}, "10.0.0.5"},
		{"10.0.0.5:1", []string{"[2001:db8::1]:443"}, "2001:db8::1"},
		{"10.0.0.5:1", []string{" 198.51.100.1:8080 "}, "198.51.100.1"},
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = tc.peer
		for _, v := range tc.xff {
			r.Header.Add("X-Forwarded-For", v)
		}
		if got := a.clientAddr(r); got != tc.want {
			t.Errorf("peer %s, X-Forwarded-For %q: %s, want %s", tc.peer, tc.xff, got, tc.want)
		}
	}
}

// X-Forwarded-For decides the address only from a trusted proxy.
func TestForwardedForFromTrustedProxiesOnly(t *testing.T) {
	ts := newTeamServer(t, true, func(c *Config) {
		c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}
	})
	const proxy = "10.0.0.5:1"
	for i := 0; i < maxPairFails; i++ {
		if w := ts.signIn(proxy, "ayse", "yanlis-parola", "X-Forwarded-For", "198.51.100.1"); w.Code != 401 {
			t.Fatalf("failure %d through the proxy: %d", i+1, w.Code)
		}
	}
	for _, xff := range []string{"198.51.100.1", "203.0.113.9, 198.51.100.1", "198.51.100.1, 10.0.0.9"} {
		if w := ts.signIn(proxy, "ayse", "ayse-parola", "X-Forwarded-For", xff); w.Code != 429 {
			t.Errorf("the locked client as %q: %d, want 429", xff, w.Code)
		}
	}
	if w := ts.signIn(proxy, "ayse", "ayse-parola", "X-Forwarded-For", "198.51.100.2"); w.Code != 200 {
		t.Errorf("another client through the same proxy: %d %s", w.Code, w.Body)
	}
	// From an untrusted peer the header is the client's word: ignored.
	for i := 0; i < maxPairFails; i++ {
		ts.signIn("192.0.2.66:1", "mehmet", "yanlis-parola", "X-Forwarded-For", fmt.Sprintf("198.51.100.%d", 10+i))
	}
	if w := ts.signIn("192.0.2.66:1", "mehmet", "mehmet-parola", "X-Forwarded-For", "198.51.100.99"); w.Code != 429 {
		t.Errorf("an untrusted peer's X-Forwarded-For was believed: %d", w.Code)
	}
}

// loginRows counts the rows of the sign-in limit tables.
func loginRows(t *testing.T, path string) int {
	t.Helper()
	db, err := sql.Open("sqlite", path+"?_pragma=query_only(1)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'login%'`)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}
		tables = append(tables, name)
	}
	rows.Close()
	total := 0
	for _, table := range tables {
		var n int
		if err := db.QueryRow(`SELECT COUNT(*) FROM ` + table).Scan(&n); err != nil {
			t.Fatal(err)
		}
		total += n
	}
	return total
}

// A flood of failed sign-ins leaves a few counter rows, not one per try.
func TestFailedLoginTableStaysSmall(t *testing.T) {
	ts := newTeamServer(t, true)
	// One address guessing one name for 33 minutes, a request a second.
	codes, most := map[int]int{}, 0
	for i := 0; i < 2000; i++ {
		codes[ts.signIn("198.51.100.7:1", "ayse", "yanlis-parola").Code]++
		ts.advance(time.Second)
		if i%50 == 49 {
			most = max(most, loginRows(t, ts.path))
		}
	}
	t.Logf("2,000 guesses of one name: answers %v, at most %d rows", codes, most)
	if codes[401]+codes[429] != 2000 || codes[401] > 3*maxPairFails {
		t.Errorf("answers %v", codes)
	}
	if most > 3*maxPairFails {
		t.Errorf("%d rows after a flood of one name from one address", most)
	}
	// One address spraying 2,000 names within a minute.
	codes = map[int]int{}
	for i := 0; i < 2000; i++ {
		codes[ts.signIn("198.51.100.8:1", fmt.Sprintf("kimse%d", i), "yanlis-parola").Code]++
	}
	n := loginRows(t, ts.path)
	t.Logf("2,000 names from one address: answers %v, %d rows", codes, n)
	if codes[401] != maxAddrFails || n > 2*maxAddrFails+3*maxPairFails+1 {
		t.Errorf("answers %v, %d rows", codes, n)
	}
	// Old minutes go even when no one signs in successfully.
	ts.advance(loginWindow + 2*loginBucket)
	ts.signIn("192.0.2.1:1", "mehmet", "yanlis-parola")
	if n := loginRows(t, ts.path); n != 3 {
		t.Errorf("%d rows after the window passed, want the last failure's 3", n)
	}
}

// The 413 of a route names that route's limit.
func TestTooLargeNamesTheRouteLimit(t *testing.T) {
	ts := newTeamServer(t, true)
	c := ts.client()
	w := c.do("POST", "/api/auth/login", `{"username":"ayse","password":"`+strings.Repeat("a", 8<<10)+`"}`)
	if w.Code != http.StatusRequestEntityTooLarge || errMessage(w) != "İstek gövdesi çok büyük: en fazla 4 KB gönderilebilir." {
		t.Errorf("sign-in over 4 KB: %d %q", w.Code, errMessage(w))
	}
	for limit, want := range map[int64]string{5 << 20: "5 MB", 4 << 10: "4 KB", 1500: "1500 bayt", 1536 << 10: "1536 KB"} {
		if got := tooLargeMessage(limit); got != "İstek gövdesi çok büyük: en fazla "+want+" gönderilebilir." {
			t.Errorf("tooLargeMessage(%d) = %q", limit, got)
		}
	}
}
