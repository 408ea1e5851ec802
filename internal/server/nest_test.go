package server

import (
	"context"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// More layouts than the server has cores: each waits its turn and all are
// answered; a request whose client has left while waiting is dropped.
func TestNestAPIQueues(t *testing.T) {
	h := newTestServer(t, nil)
	body := `{"sheet":{"width":100,"height":148},"parts":[{"id":"a","name":"Raf","width":33,"height":21,"quantity":40}],"options":{"timeLimitMs":50}}`
	n := 2*runtime.GOMAXPROCS(0) + 2
	codes := make([]int, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i] = do(h, "POST", "/api/nest", body).Code
		}()
	}
	wg.Wait()
	for i, c := range codes {
		if c != 200 {
			t.Errorf("request %d: %d", i, c)
		}
	}

	// All slots taken: a request whose client is gone returns without work.
	for range cap(nestSlots) {
		nestSlots <- struct{}{}
	}
	defer func() {
		for range cap(nestSlots) {
			<-nestSlots
		}
	}()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := httptest.NewRequest("POST", "/api/nest", strings.NewReader(body)).WithContext(ctx)
	w := httptest.NewRecorder()
	(&nestHandler{limit: time.Second}).ServeHTTP(w, r)
	if w.Body.Len() != 0 {
		t.Errorf("answered a request whose client left: %d %s", w.Code, w.Body)
	}
}
