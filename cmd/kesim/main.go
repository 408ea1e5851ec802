// Command kesim lays out rectangular parts on sheets, serves the Kesim web
// app and runs the optimizer's benchmark.
//
//	kesim nest  --sheet 100x148 parts.csv
//	kesim bench ../shared/bench/2bp/bwmv_500.json
//	kesim serve --addr 127.0.0.1:8080
package main

import (
	"fmt"
	"os"
)

const usage = `Kullanım:
  kesim nest  --sheet GENxYÜK [--kerf CM] [--trim CM] [--guillotine] [--no-rotate]
              [--time 1s] [--seed N] [--json DOSYA|-] [--pdf DOSYA] [--dxf DOSYA] GİRDİ
  kesim bench [--time 1s] [--oriented] [--guillotine] DOSYA.json
  kesim serve [--addr 127.0.0.1:8080] [--db URL] [--no-auth] [--tls-cert F --tls-key F]
  kesim user  add|list|passwd|remove|totp [NAME] [--admin] [--password-file DOSYA] [--db URL]
`

func main() {
	if len(os.Args) < 2 {
		fmt.Fprint(os.Stderr, usage)
		os.Exit(2)
	}
	args := os.Args[2:]
	var code int
	switch os.Args[1] {
	case "nest":
		code = runNest(args, os.Stdin, os.Stdout, os.Stderr)
	case "bench":
		code = runBench(args, os.Stdout, os.Stderr)
	case "serve":
		code = runServe(args, os.Stderr)
	case "user":
		code = runUser(args, os.Stdin, os.Stdout, os.Stderr)
	case "help", "-h", "--help":
		fmt.Fprint(os.Stdout, usage)
	default:
		fmt.Fprintf(os.Stderr, "kesim: bilinmeyen komut %q\n\n%s", os.Args[1], usage)
		code = 2
	}
	os.Exit(code)
}
