package main

import "io"

func runNest(args []string, stdin io.Reader, stdout, stderr io.Writer) int { return 1 }
