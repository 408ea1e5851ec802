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
	workers := fs.Int("workers", 0, "aynı anda çözülen örnek sayısı `N` (0: tüm çekirdekler)")
	engineWorkers := fs.Int("engine-workers", 0, "bir örneğin iyileştirme aşamasındaki paralel çalışan sayısı `N` (0 ya da 1: bir; en çok 64)")
	class := fs.Int("class", 0, "yalnız `SINIF` sınıfının örnekleri (0: hepsi)")
	csvPath := fs.String("csv", "", "örnek başına sonuçların yazılacağı CSV `DOSYA`")
	cpuProfile := fs.String("cpuprofile", "", "CPU profilinin yazılacağı `DOSYA` (go tool pprof ile okunur)")
	match := fs.String("match", "", "VSBPP: yalnız kimliğinde `METİN` geçen örnekler (ör. Nice100)")
	every := fs.Int("every", 1, "VSBPP: her kümenin her `N`. örneği (alt küme için)")
	perfect := fs.Int("perfect", 0, "dosya yerine `N` kusursuz yerleşim örneği (tek tuvale tam sığan parçalar; 1 ile 10.000 arası)")
	zeroWaste := fs.Int("zero-waste", 0, "dosya yerine `N` fire çıkarmayan stok örneği (2-4 sınırlı levha türü tam parçalanmış, pahalı sınırsız bir tür; 1 ile 10.000 arası)")
	if code, ok := cmdBench.parse(fs, args, stdout, stderr); !ok {
		return code
	}
	if *zeroWaste != 0 {
		if fs.NArg() != 0 || *perfect != 0 || *zeroWaste < 1 || *zeroWaste > bench.MaxZeroWaste {
			fmt.Fprintln(stderr, "kesim bench: --zero-waste 1 ile 10.000 arasında olmalı; dosya ya da --perfect verilmemeli")
			return 2
		}
		return runZeroWasteBench(bench.ZeroWaste(*zeroWaste, uint64(*seed)), bench.Config{
			Options: nest.Options{
				TimeLimitMs: int(limit.Milliseconds()), Seed: *seed, Iterations: *iterations, Guillotine: *guillotine,
				Workers: *engineWorkers,
			},
			Oriented: *oriented, Workers: *workers,
		}, *csvPath, stdout, stderr)
	}
	if *perfect != 0 {
		if fs.NArg() != 0 || *perfect < 1 || *perfect > bench.MaxPerfect {
			fmt.Fprintln(stderr, "kesim bench: --perfect 1 ile 10.000 arasında olmalı ve dosya verilmemeli")
			return 2
		}
		return runPerfectBench(bench.Perfect(*perfect, uint64(*seed)), bench.Config{
			Options: nest.Options{
				TimeLimitMs: int(limit.Milliseconds()), Seed: *seed, Iterations: *iterations, Guillotine: *guillotine,
				Workers: *engineWorkers,
			},
			Oriented: *oriented, Workers: *workers,
		}, *csvPath, stdout, stderr)
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "kesim bench: tek bir örnek dosyası ya da klasörü verin (ör. ../shared/bench/2bp/bwmv_500.json, ../shared/bench/vsbpp/)")
		return 2
	}
	path := fs.Arg(0)
	if *every < 1 || *every > 1_000_000 {
		fmt.Fprintln(stderr, "kesim bench: --every 1 ile 1.000.000 arasında olmalı")
		return 2
	}
	vs, err := bench.IsVS(path)
	if err != nil {
		fmt.Fprintf(stderr, "kesim bench: %v\n", err)
		return 2
	}
	if vs {
		return runVSBench(path, vsFlags{
			options: nest.Options{
				TimeLimitMs: int(limit.Milliseconds()), Seed: *seed, Iterations: *iterations, Guillotine: *guillotine,
				Workers: *engineWorkers,
			},
			oriented: *oriented, workers: *workers, class: *class, match: *match, every: *every,
			csv: *csvPath, cpuProfile: *cpuProfile,
		}, stdout, stderr)
	}
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
			Workers: *engineWorkers,
		},
		Oriented: *oriented, Workers: *workers,
	}
	if *cpuProfile != "" {
		stop, err := startProfile(*cpuProfile)
		if err != nil {
			fmt.Fprintf(stderr, "kesim bench: %v\n", err)
			return 1
		}
		defer stop()
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

// runPerfectBench lays out the perfect-packing family: each instance fits
// one sheet, so the report's "optimal" column counts the instances laid out
// on one sheet, per class (1 guillotine-cut, 2 pinwheels).
func runPerfectBench(ins []bench.Instance, cfg bench.Config, csvPath string, stdout, stderr io.Writer) int {
	one := make(map[string]int, len(ins))
	for _, in := range ins {
		one[in.ID] = 1
	}
	start := time.Now()
	outs := bench.Run(context.Background(), ins, cfg)
	if csvPath != "" {
		if err := writeOutcomes(csvPath, outs, one); err != nil {
			fmt.Fprintf(stderr, "kesim bench: %v\n", err)
			return 1
		}
	}
	if err := bench.Report(stdout, outs, one, time.Since(start)); err != nil {
		fmt.Fprintf(stderr, "kesim bench: %v\n", err)
		return 1
	}
	return 0
}

// runZeroWasteBench lays out the zero-waste family through the stock rows,
// verifies every result as the VSBPP path does and reports the gap to the
// known optimum: exit 0, or 1 when a result failed verification, an engine
// cost bound exceeds the optimum or the CSV could not be written.
func runZeroWasteBench(ins []bench.VSInstance, cfg bench.Config, csvPath string, stdout, stderr io.Writer) int {
	start := time.Now()
	outs := bench.RunVS(context.Background(), ins, cfg)
	code := 0
	if csvPath != "" {
		if err := writeVSOutcomes(csvPath, outs); err != nil {
			fmt.Fprintf(stderr, "kesim bench: %v\n", err)
			code = 1
		}
	}
	if sum := bench.ReportZeroWaste(stdout, outs, time.Since(start)); sum.Failed+sum.Unfit+sum.WrongBound > 0 {
		fmt.Fprintf(stderr, "kesim bench: %d doğrulama hatası, %d çalıştırılmayan örnek, %d yanlış alt sınır\n",
			sum.Failed, sum.Unfit, sum.WrongBound)
		code = 1
	}
	return code
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

// startProfile starts a CPU profile into path; stop ends it and closes the
// file.
func startProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

// vsFlags are the flags of a VSBPP run.
type vsFlags struct {
	options                nest.Options
	oriented               bool
	workers, class, every  int
	match, csv, cpuProfile string
}

// runVSBench runs the VSBPP sets at path (a set file or a folder of them):
// exit 0, or 1 when a result failed verification, an instance could not be
// run, an engine cost bound exceeds a best known or the CSV could not be
// written; 2 when the instances cannot be read.
func runVSBench(path string, fl vsFlags, stdout, stderr io.Writer) int {
	ins, err := bench.LoadVS(path)
	if err != nil {
		fmt.Fprintf(stderr, "kesim bench: %v\n", err)
		return 2
	}
	ins = bench.FilterVS(ins, fl.class, fl.match, fl.every)
	if len(ins) == 0 {
		fmt.Fprintln(stderr, "kesim bench: seçimde örnek kalmadı")
		return 2
	}
	if fl.cpuProfile != "" {
		stop, err := startProfile(fl.cpuProfile)
		if err != nil {
			fmt.Fprintf(stderr, "kesim bench: %v\n", err)
			return 1
		}
		defer stop()
	}
	start := time.Now()
	outs := bench.RunVS(context.Background(), ins, bench.Config{Options: fl.options, Oriented: fl.oriented, Workers: fl.workers})
	code := 0
	if fl.csv != "" {
		if err := writeVSOutcomes(fl.csv, outs); err != nil {
			fmt.Fprintf(stderr, "kesim bench: %v\n", err)
			code = 1
		}
	}
	if sum := bench.ReportVS(stdout, outs, time.Since(start)); sum.Failed+sum.Unfit+sum.WrongBound > 0 {
		fmt.Fprintf(stderr, "kesim bench: %d doğrulama hatası, %d çalıştırılmayan örnek, %d yanlış alt sınır\n",
			sum.Failed, sum.Unfit, sum.WrongBound)
		code = 1
	}
	return code
}

// writeVSOutcomes writes one row per VSBPP instance: id, set, group, pages,
// cost, best known, the set's lower bound, the engine's cost bound,
// utilisation (%), at best known, proven optimal, milliseconds and the
// error (empty when verified).
func writeVSOutcomes(path string, outs []bench.VSOutcome) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	w.Write([]string{"instance_id", "set", "group", "pages", "cost", "best_known", "lower_bound",
		"engine_lower_bound", "utilisation", "at_best_known", "optimal", "ms", "error"})
	opt := func(v *float64) string {
		if v == nil {
			return ""
		}
		return strconv.FormatFloat(*v, 'f', -1, 64)
	}
	for _, o := range outs {
		msg := ""
		if o.Unfit != nil {
			msg = o.Unfit.Error()
		} else if o.Err != nil {
			msg = o.Err.Error()
		}
		w.Write([]string{o.Instance.ID, o.Instance.Set(), o.Instance.Group(), strconv.Itoa(o.Pages),
			strconv.FormatFloat(o.Cost, 'f', -1, 64), opt(o.Instance.BestKnown), opt(o.Instance.LowerBound),
			strconv.FormatFloat(o.CostLB, 'f', -1, 64), strconv.FormatFloat(o.Utilisation(), 'f', 3, 64),
			strconv.FormatBool(o.AtBest()), strconv.FormatBool(o.Optimal()),
			strconv.FormatInt(o.Elapsed.Milliseconds(), 10), msg})
	}
	w.Flush()
	if err := w.Error(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
