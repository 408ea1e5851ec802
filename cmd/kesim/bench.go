package main

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"strconv"
	"time"

	"kesim/internal/bench"
	"kesim/nest"
)

// runBench implements `kesim bench`.
func runBench(args []string, stdout, stderr io.Writer) int {
	fs := cmdBench.flagSet()
	limit := fs.Duration("time", time.Second, "örnek başına iyileştirme süresi `SÜRE` (0: yalnız yapıcı aşama)")
	oriented := fs.Bool("oriented", false, "parçalar döndürülmez")
	guillotine := fs.Bool("guillotine", false, "giyotin kesim")
	seed := fs.Int64("seed", 1, "rastgelelik tohumu, bir tam sayı `N`")
	iterations := fs.Int("iterations", 0, "örnek başına `N` iyileştirme adımı (süre yerine)")
	workers := fs.Int("workers", 0, "paralel çalışan sayısı `N` (0: tüm çekirdekler)")
	class := fs.Int("class", 0, "yalnız `SINIF` sınıfının örnekleri (0: hepsi)")
	csvPath := fs.String("csv", "", "örnek başına sonuçların yazılacağı CSV `DOSYA`")
	cpuProfile := fs.String("cpuprofile", "", "CPU profilinin yazılacağı `DOSYA` (go tool pprof ile okunur)")
	if code, ok := cmdBench.parse(fs, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "kesim bench: tek bir örnek dosyası verin (ör. ../shared/bench/2bp/bwmv_500.json)")
		return 2
	}
	path := fs.Arg(0)
	ins, err := bench.Load(path)
	if err != nil {
		fmt.Fprintf(stderr, "kesim bench: %v\n", err)
		return 2
	}
	if *class != 0 {
		ins = bench.Class(ins, *class)
	}
	bk, err := bench.BestKnown(path, *oriented, *guillotine)
	if err != nil {
		fmt.Fprintf(stderr, "kesim bench: %v\n", err)
		return 2
	}
	cfg := bench.Config{
		Options: nest.Options{
			TimeLimitMs: int(limit.Milliseconds()), Seed: *seed, Iterations: *iterations, Guillotine: *guillotine,
		},
		Oriented: *oriented, Workers: *workers,
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			fmt.Fprintf(stderr, "kesim bench: %v\n", err)
			return 1
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintf(stderr, "kesim bench: %v\n", err)
			return 1
		}
		defer pprof.StopCPUProfile()
	}
	start := time.Now()
	outs := bench.Run(context.Background(), ins, cfg)
	if *csvPath != "" {
		if err := writeOutcomes(*csvPath, outs, bk); err != nil {
			fmt.Fprintf(stderr, "kesim bench: %v\n", err)
			return 1
		}
	}
	if err := bench.Report(stdout, outs, bk, time.Since(start)); err != nil {
		fmt.Fprintf(stderr, "kesim bench: %v\n", err)
		return 1
	}
	return 0
}

// writeOutcomes writes one row per instance: id, class, n, sheets, lower
// bound, best known and milliseconds.
func writeOutcomes(path string, outs []bench.Outcome, bk map[string]int) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	w.Write([]string{"instance_id", "class", "n", "sheets", "lower_bound", "best_known", "ms"})
	for _, o := range outs {
		w.Write([]string{o.Instance.ID, strconv.Itoa(o.Instance.Class), strconv.Itoa(o.Instance.N),
			strconv.Itoa(o.Sheets), strconv.Itoa(o.LowerBound), strconv.Itoa(bk[o.Instance.ID]),
			strconv.FormatInt(o.Elapsed.Milliseconds(), 10)})
	}
	w.Flush()
	if err := w.Error(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
