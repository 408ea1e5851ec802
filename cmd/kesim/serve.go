package main

import (
	"fmt"
	"os"
)

// runServe is replaced by the web app's server (issue: the web app).
func runServe(args []string) int {
	fmt.Fprintln(os.Stderr, "kesim serve: web uygulaması henüz derlenmedi")
	return 1
}
