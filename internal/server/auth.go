package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"log/slog"
	"math"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"kesim/internal/apperr"
	"kesim/internal/password"
	"kesim/internal/store"
)

// Accounts and sessions (team mode). As long as no account exists the
// server is in local mode: no sign-in, rows saved with a null user, as the
// specification describes. Once an account exists every API route but
// health, config and sign-in needs a session.
//
// A session is two opaque random tokens in HttpOnly, SameSite=Strict
// cookies: an access token (15 minutes) and a refresh token (30 days,
// rotated on every use). The database keeps only their SHA-256, so that
// several servers on one database accept each other's sessions and a
// leaked database holds no usable token. A refresh token presented twice
// (stolen and replayed, or raced) ends its whole sign-in.

const (
	// Cookie names over plain HTTP. Over HTTPS they carry the prefixes
	// that make browsers refuse them unless set Secure by this very host
	// (__Host-: no Domain, Path=/) or at least Secure (__Secure-: the
	// refresh cookie's Path=/api/auth rules out __Host-): a page on the
	// plain-HTTP side or on a sibling domain cannot plant a session.
	accessCookie  = "kesim_at"
	refreshCookie = "kesim_rt"
	accessTTL     = 15 * time.Minute
	refreshTTL    = 30 * 24 * time.Hour
	maxAuthBody   = 4 << 10
)

// cookieNames are the session cookies' names for a request's scheme.
func cookieNames(tls bool) (access, refresh string) {
	if tls {
		return "__Host-" + accessCookie, "__Secure-" + refreshCookie
	}
	return accessCookie, refreshCookie
}

// Turkish messages of the accounts feature.
const (
	msgNoAccounts     = "Bu sunucuda hesap yok."
	msgBadCredentials = "Kullanıcı adı veya şifre hatalı"
	msgTooManyTries   = "Çok fazla giriş denemesi. Lütfen biraz sonra tekrar deneyin."
	msgCrossOrigin    = "Başka bir siteden gelen istek reddedildi."
	msgCodeNeeded     = "Doğrulama uygulamanızdaki 6 haneli kodu girin."
	msgCodeWrong      = "Doğrulama kodu hatalı."
)

// errSignInNeeded answers an API call without a session in team mode.
var errSignInNeeded = apperr.New(apperr.Unauthorized, store.MsgSignInNeeded)

type ctxKey int

const accountKey ctxKey = 1

// accountOf returns the signed-in account of a request, if any.
func accountOf(r *http.Request) (store.Account, bool) {
	a, ok := r.Context().Value(accountKey).(store.Account)
	return a, ok
}

// auth holds the accounts side of the server.
type auth struct {
	accounts store.Accounts // nil: the store has no accounts; always local mode
	log      *slog.Logger
	now      func() time.Time
	trusted  []netip.Prefix  // reverse proxies whose forwarded headers count
	public   map[string]bool // names a server without accounts answers to

	// teamUntil caches "an account exists" for a second. Only team mode is
	// cached: a server that was local asks the database on every request,
	// so the first account closes the door at once.
	teamUntil atomic.Int64
	// lastPrune is when this server last pruned the login counts (Unix ns).
	lastPrune atomic.Int64
}

func newAuth(cfg Config) *auth {
	a := &auth{log: cfg.Logger, now: cfg.Now, trusted: cfg.TrustedProxies, public: map[string]bool{}}
	if acc, ok := cfg.Store.(store.Accounts); ok {
		a.accounts = acc
	}
	for _, h := range cfg.PublicHosts {
		if h = hostName(h); h != "" {
			a.public[h] = true
		}
	}
	return a
}

// teamMode reports whether any account exists.
func (a *auth) teamMode(ctx context.Context) (bool, error) {
	if a.accounts == nil {
		return false, nil
	}
	now := a.now().UnixNano()
	if now < a.teamUntil.Load() {
		return true, nil
	}
	has, err := a.accounts.HasUsers(ctx)
	if err != nil {
		return false, err
	}
	if has {
		a.teamUntil.Store(now + int64(time.Second))
	} else {
		a.teamUntil.Store(0)
	}
	return has, nil
}

func (a *auth) register(mux *http.ServeMux) {
	mux.HandleFunc("POST /api/auth/login", a.login)
	mux.HandleFunc("POST /api/auth/refresh", a.refresh)
	mux.HandleFunc("POST /api/auth/logout", a.logout)
	mux.HandleFunc("GET /api/auth/me", a.me)
}

// publicAPI lists the API routes open without a session in team mode.
var publicAPI = map[string]bool{
	"/api/health": true, "/api/config": true, "/api/auth/login": true,
	"/api/auth/refresh": true, "/api/auth/logout": true, "/api/auth/me": true,
}

// guard refuses cross-site writes and, in team mode, API calls without a
// session; it puts the signed-in account into the request's context.
func (a *auth) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/api/") {
			next.ServeHTTP(w, r)
			return
		}
		// API answers are one user's rows or session: never kept in a
		// cache (a shared workshop computer, a proxy).
		w.Header().Set("Cache-Control", "no-store")
		if r.Method != http.MethodGet && r.Method != http.MethodHead && !sameOrigin(r) {
			Error(w, r, apperr.New(apperr.Forbidden, msgCrossOrigin))
			return
		}
		// The health check needs no account, and says itself when the
		// database does not answer (503 "unavailable" for a load
		// balancer): asking the database for team mode first made it a
		// 500 "Sunucu hatası".
		if r.URL.Path == "/api/health" {
			next.ServeHTTP(w, r)
			return
		}
		team, err := a.teamMode(r.Context())
		if err != nil {
			Error(w, r, err)
			return
		}
		if !team {
			next.ServeHTTP(w, r)
			return
		}
		acc, ok, err := a.session(r)
		if err != nil {
			// The database did not answer: the session may well be
			// valid. A 401 here sent the app to refresh, which failed
			// the same way and signed the user out.
			Error(w, r, err)
			return
		}
		if ok {
			noteUser(r, acc.ID)
			r = r.WithContext(context.WithValue(r.Context(), accountKey, acc))
		} else if !publicAPI[r.URL.Path] {
			Error(w, r, errSignInNeeded)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// sameOrigin reports whether a state-changing request may come from where
// it comes from. Browsers send Origin on every POST, PUT and DELETE (fetch
// and forms, same-origin or not), and it must name this host; "null" (a
// sandboxed frame, a file) never does. A request without Origin is taken
// only when it carries no cookies at all (curl, scripts: no ambient
// credentials to abuse) or when the browser itself vouches with
// Sec-Fetch-Site: same-origin.
func sameOrigin(r *http.Request) bool {
	o := r.Header.Get("Origin")
	if o == "" {
		return r.Header.Get("Cookie") == "" || r.Header.Get("Sec-Fetch-Site") == "same-origin"
	}
	u, err := url.Parse(o)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" &&
		u.User == nil && strings.EqualFold(u.Host, r.Host)
}

// session returns the account of a valid access token cookie (under the
// name of the request's scheme). err is a failure of the database, which
// says nothing of the token: not a missing session.
func (a *auth) session(r *http.Request) (acc store.Account, ok bool, err error) {
	name, _ := cookieNames(a.viaTLS(r))
	c, cerr := r.Cookie(name)
	if cerr != nil || !plausibleToken(c.Value) {
		return store.Account{}, false, nil
	}
	_, acc, err = a.accounts.TokenUser(r.Context(), hashToken(c.Value), store.AccessToken, a.now())
	if apperr.CodeOf(err) == apperr.NotFound {
		return store.Account{}, false, nil
	}
	return acc, err == nil, err
}

type loginBody struct {
	Username string `json:"username"`
	Password string `json:"password"`
	Code     string `json:"code"` // the authenticator's 6 digits, when enrolled
}

func (a *auth) login(w http.ResponseWriter, r *http.Request) {
	var body loginBody
	if err := decodeJSON(w, r, &body, maxAuthBody); err != nil {
		Error(w, r, err)
		return
	}
	team, err := a.teamMode(r.Context())
	if err != nil || !team {
		Error(w, r, apperr.New(apperr.NotFound, msgNoAccounts))
		return
	}
	name := strings.TrimSpace(body.Username)
	at := attempt{keys: limitKeys(name, a.clientAddr(r)), now: a.now()}
	at.bucket = at.now.Truncate(loginBucket)
	a.pruneSometimes(r.Context(), at.now)
	if wait, err := a.admit(r.Context(), at); err != nil {
		if apperr.CodeOf(err) == apperr.TooMany {
			w.Header().Set("Retry-After", strconv.Itoa(max(1, int(math.Ceil(wait.Seconds())))))
		}
		Error(w, r, err)
		return
	}
	acc, failed, err := a.checkCredentials(r.Context(), name, body, at.now)
	if err != nil {
		if !failed {
			// The password was right, or it was never checked: the attempt
			// is taken back. The client may have left; the count must
			// still go.
			a.forget(r.Context(), at.bucket, at.keys[:]...)
		}
		Error(w, r, err)
		return
	}
	// Signed in: this attempt was no failure, and the pair's earlier
	// typing errors are forgiven. The name's and the address's other
	// failures stay: a success must not reset what a guesser elsewhere,
	// or a sprayer holding an account of their own, has used up.
	a.forget(r.Context(), at.bucket, at.keys[nameKey], at.keys[addrKey])
	if err := a.accounts.ClearLoginFailures(context.WithoutCancel(r.Context()), at.keys[pairKey]); err != nil {
		a.log.WarnContext(r.Context(), "accounts: clear login failures", "err", err)
	}
	if err := a.startSession(w, r, acc, at.now); err != nil {
		Error(w, r, err)
		return
	}
	noteUser(r, acc.ID)
	writeJSON(w, http.StatusOK, meBody(acc))
}

// attempt is one sign-in attempt as the login limits count it.
type attempt struct {
	keys   [3]string // limitKeys: name, address, pair
	now    time.Time
	bucket time.Time // the minute it counts in
}

// admit counts the attempt before the password is checked, so that
// parallel guesses cannot all slip in under the limit, and refuses it
// (429, with how long to wait) when a limit is reached.
func (a *auth) admit(ctx context.Context, at attempt) (wait time.Duration, err error) {
	allowed, err := a.accounts.RecordLoginAttempt(ctx, at.bucket, at.bucket.Add(-loginWindow), at.keys[:],
		func(counts [][]store.LoginCount) bool {
			var ok bool
			ok, wait = judgeAttempt(counts, at.now)
			return ok
		})
	if err != nil {
		return 0, err
	}
	if !allowed {
		return wait, apperr.New(apperr.TooMany, msgTooManyTries)
	}
	return 0, nil
}

// checkCredentials checks the password and, for an account with an
// authenticator, its code. failed reports whether an error is a failed
// guess, which stays counted; any other error (a database failure, no
// free password slot, the right password still without its code) is not.
func (a *auth) checkCredentials(ctx context.Context, name string, body loginBody, now time.Time) (acc store.Account, failed bool, err error) {
	acc, hash, uerr := a.accounts.UserByName(ctx, name)
	if uerr != nil && apperr.CodeOf(uerr) != apperr.NotFound {
		return acc, false, uerr
	}
	if uerr != nil {
		hash = password.Dummy // the same work for an unknown user
	}
	ok, cerr := checkPassword(ctx, body.Password, hash)
	if cerr != nil {
		return acc, false, apperr.New(apperr.Busy, msgBusy)
	}
	if !ok || uerr != nil {
		return acc, true, apperr.New(apperr.Unauthorized, msgBadCredentials)
	}
	if acc.TOTPSecret == "" {
		return acc, false, nil
	}
	// As an authenticator app shows it ("123 456") it is the same code.
	code := password.CleanTOTPCode(body.Code)
	if code == "" {
		// The right password, asked for its code: the first step of a
		// sign-in with an authenticator, not a failure.
		return acc, false, apperr.NewField(apperr.Unauthorized, "code", msgCodeNeeded)
	}
	step, ok := password.MatchTOTP(acc.TOTPSecret, code, now)
	if ok {
		// A code works once: one seen over a shoulder or phished and
		// replayed within its 90 seconds is refused.
		if ok, err = a.accounts.UseTOTPStep(ctx, acc.ID, step); err != nil {
			return acc, false, err
		}
	}
	if !ok {
		return acc, true, apperr.NewField(apperr.Unauthorized, "code", msgCodeWrong)
	}
	return acc, false, nil
}

// forget takes an attempt back from the counts of keys; it outlives a
// client that has left.
func (a *auth) forget(ctx context.Context, bucket time.Time, keys ...string) {
	if err := a.accounts.ForgetLoginAttempt(context.WithoutCancel(ctx), bucket, keys...); err != nil {
		a.log.WarnContext(ctx, "accounts: forget login attempt", "err", err)
	}
}

// startSession stores a new sign-in's two tokens and sets their cookies.
func (a *auth) startSession(w http.ResponseWriter, r *http.Request, acc store.Account, now time.Time) error {
	family := store.NewID()
	access, refresh := newToken(), newToken()
	if err := a.accounts.AddTokens(r.Context(),
		store.Token{Hash: hashToken(access), Kind: store.AccessToken, Family: family, UserID: acc.ID, Expires: now.Add(accessTTL)},
		store.Token{Hash: hashToken(refresh), Kind: store.RefreshToken, Family: family, UserID: acc.ID, Expires: now.Add(refreshTTL)},
	); err != nil {
		return err
	}
	a.setSessionCookies(w, r, access, refresh)
	return nil
}

func (a *auth) refresh(w http.ResponseWriter, r *http.Request) {
	_, name := cookieNames(a.viaTLS(r))
	c, err := r.Cookie(name)
	if a.accounts == nil || err != nil || !plausibleToken(c.Value) {
		Error(w, r, errSignInNeeded)
		return
	}
	access, refresh := newToken(), newToken()
	now := a.now()
	old, err := a.accounts.RotateRefresh(r.Context(), hashToken(c.Value), now,
		store.Token{Hash: hashToken(access), Kind: store.AccessToken, Expires: now.Add(accessTTL)},
		store.Token{Hash: hashToken(refresh), Kind: store.RefreshToken, Expires: now.Add(refreshTTL)},
	)
	if errors.Is(err, store.ErrTokenReused) {
		a.log.WarnContext(r.Context(), "refresh token reused: sign-in revoked", "addr", a.clientAddr(r))
	}
	if err != nil {
		// Only a token the database refused ends the sign-in here. A
		// database that did not answer (503 unavailable), a transaction
		// that lost to another (409) or a server fault keeps the cookies:
		// cleared, a moment's outage signed everyone out who refreshed
		// during it.
		if !errors.Is(err, store.ErrTokenReused) && apperr.CodeOf(err) != apperr.NotFound {
			Error(w, r, err)
			return
		}
		a.clearSessionCookies(w, r)
		Error(w, r, errSignInNeeded)
		return
	}
	_, acc, err := a.accounts.TokenUser(r.Context(), hashToken(access), store.AccessToken, now)
	if apperr.CodeOf(err) == apperr.NotFound {
		// Revoked between the rotation and now: a racing request replayed
		// the same refresh token (reuse detection ended the family), or the
		// account was removed. Signed out, not a server error.
		a.clearSessionCookies(w, r)
		Error(w, r, errSignInNeeded)
		return
	}
	if err != nil || acc.ID != old.UserID {
		Error(w, r, errors.Join(errors.New("refresh: new token not found"), err))
		return
	}
	a.setSessionCookies(w, r, access, refresh)
	writeJSON(w, http.StatusOK, meBody(acc))
}

func (a *auth) logout(w http.ResponseWriter, r *http.Request) {
	if a.accounts != nil {
		accessName, refreshName := cookieNames(a.viaTLS(r))
		for _, kind := range []struct{ cookie, kind string }{{refreshName, store.RefreshToken}, {accessName, store.AccessToken}} {
			if c, err := r.Cookie(kind.cookie); err == nil && plausibleToken(c.Value) {
				if t, _, err := a.accounts.TokenUser(r.Context(), hashToken(c.Value), kind.kind, a.now()); err == nil {
					if err := a.accounts.RevokeFamily(r.Context(), t.Family); err != nil {
						Error(w, r, err)
						return
					}
					break
				}
			}
		}
	}
	a.clearSessionCookies(w, r)
	w.WriteHeader(http.StatusNoContent)
}

func (a *auth) me(w http.ResponseWriter, r *http.Request) {
	team, err := a.teamMode(r.Context())
	if err != nil {
		Error(w, r, err)
		return
	}
	if !team {
		writeJSON(w, http.StatusOK, map[string]string{"mode": "local"})
		return
	}
	acc, ok := accountOf(r)
	if !ok {
		Error(w, r, errSignInNeeded)
		return
	}
	writeJSON(w, http.StatusOK, meBody(acc))
}

// meBody is the JSON of a signed-in account. An account with an enrolled
// authenticator could only sign in with its code: assurance level aal2.
func meBody(acc store.Account) map[string]any {
	aal := "aal1"
	if acc.TOTPSecret != "" {
		aal = "aal2"
	}
	return map[string]any{"mode": "team", "username": acc.Name, "admin": acc.Admin, "aal": aal}
}

func (a *auth) setSessionCookies(w http.ResponseWriter, r *http.Request, access, refresh string) {
	secure := a.viaTLS(r)
	accessName, refreshName := cookieNames(secure)
	http.SetCookie(w, &http.Cookie{Name: accessName, Value: access, Path: "/", MaxAge: int(accessTTL.Seconds()),
		HttpOnly: true, Secure: secure, SameSite: http.SameSiteStrictMode})
	http.SetCookie(w, &http.Cookie{Name: refreshName, Value: refresh, Path: "/api/auth", MaxAge: int(refreshTTL.Seconds()),
		HttpOnly: true, Secure: secure, SameSite: http.SameSiteStrictMode})
}

func (a *auth) clearSessionCookies(w http.ResponseWriter, r *http.Request) {
	secure := a.viaTLS(r)
	accessName, refreshName := cookieNames(secure)
	for _, c := range []struct{ name, path string }{{accessName, "/"}, {refreshName, "/api/auth"}} {
		http.SetCookie(w, &http.Cookie{Name: c.name, Value: "", Path: c.path, MaxAge: -1, HttpOnly: true, Secure: secure, SameSite: http.SameSiteStrictMode})
	}
}

// newToken returns 256 random bits, base64url.
func newToken() string {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand does not fail on supported systems
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// plausibleToken reports whether a cookie value can be one of our tokens,
// before any database work.
func plausibleToken(s string) bool {
	if len(s) != 43 {
		return false
	}
	_, err := base64.RawURLEncoding.DecodeString(s)
	return err == nil
}

func hashToken(t string) string {
	sum := sha256.Sum256([]byte(t))
	return hex.EncodeToString(sum[:])
}
