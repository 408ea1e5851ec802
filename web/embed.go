// Package web holds the built Kesim web app, embedded into the kesim binary.
package web

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// App returns the built app (index.html, assets, engine.wasm), or nil when
// the web app has not been built into dist/app.
func App() fs.FS {
	app, err := fs.Sub(dist, "dist/app")
	if err != nil {
		return nil
	}
	if _, err := fs.Stat(app, "index.html"); err != nil {
		return nil
	}
	return app
}
