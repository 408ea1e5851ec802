package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"kesim/internal/bench"
	"kesim/nest"
)

// benchFlags are kesim bench's flags.
type benchFlags struct {
	limit                                     time.Duration
	oriented, guillotine                      bool
	seed                                      int64
	iterations, workers, engineWorkers, class int
	csv, cpuProfile, match, firstCut          string
	stages                                    int
	every, perfect, perfectSheets, zeroWaste  int
}

func (f *benchFlags) register(fs *flag.FlagSet) {
	fs.DurationVar(&f.limit, "time", time.Second, "örnek başına iyileştirme süresi `SÜRE` (0: yalnız yapıcı aşama)")
	fs.BoolVar(&f.oriented, "oriented", false, "parçalar döndürülmez")
	fs.BoolVar(&f.guillotine, "guillotine", false, "giyotin kesim")
	fs.StringVar(&f.firstCut, "first-cut", "", "--guillotine ile her levhanın ilk kesimleri: long (boyuna) ya da short (enine)")
	fs.IntVar(&f.stages, "stages", 0, "--guillotine ile en çok `N` kesim kademesi, 2-9 (0: sınırsız)")
	fs.Int64Var(&f.seed, "seed", 1, "rastgelelik tohumu, bir tam sayı `N`")
	fs.IntVar(&f.iterations, "iterations", 0, "örnek başına `N` iyileştirme adımı (süre yerine)")
	fs.IntVar(&f.workers, "workers", 0, "aynı anda çözülen örnek sayısı `N` (0: tüm çekirdekler)")
	fs.IntVar(&f.engineWorkers, "engine-workers", 0, "bir örneğin iyileştirme ve tam sığdırma aramalarındaki paralel çalışan sayısı `N` (0 ya da 1: bir; en çok 64)")
	fs.IntVar(&f.class, "class", 0, "yalnız `SINIF` sınıfının örnekleri (0: hepsi)")
	fs.StringVar(&f.csv, "csv", "", "örnek başına sonuçların yazılacağı CSV `DOSYA`")
	fs.StringVar(&f.cpuProfile, "cpuprofile", "", "CPU profilinin yazılacağı `DOSYA` (go tool pprof ile okunur)")
	fs.StringVar(&f.match, "match", "", "yalnız kimliğinde `METİN` geçen örnekler (ör. cl07_n100, Nice100, Z3_n116, perfect_g_n08)")
	fs.IntVar(&f.every, "every", 1, "VSBPP: her kümenin her `N`. örneği (alt küme için)")
	fs.IntVar(&f.perfect, "perfect", 0, "dosya yerine `N` kusursuz yerleşim örneği (tek tuvale tam sığan parçalar; 1 ile 10.000 arası)")
	fs.IntVar(&f.perfectSheets, "perfect-sheets", 0, "dosya yerine `N` çok tuvalli kusursuz yerleşim örneği (aynı boyda 2-4 tuvalden kesilmiş parçalar; 1 ile 10.000 arası)")
	fs.IntVar(&f.zeroWaste, "zero-waste", 0, "dosya yerine `N` fire çıkarmayan stok örneği (2-4 sınırlı levha türü tam parçalanmış, pahalı sınırsız bir tür; 1 ile 10.000 arası)")
}

// check returns what is wrong with the flags and the arguments args, as
// kesim bench says it before it exits 2, or "" when nothing is: one
// instance source (--zero-waste, --perfect, --perfect-sheets, or one file
// or folder), each count in its range.
func (f *benchFlags) check(args []string) string {
	// Checked before the run, which may take hours: out of range, every
	// instance failed on its own with exit 1, or --workers -1 was taken.
	switch {
	case f.limit < 0 || f.limit.Milliseconds() > nest.MaxTimeLimitMs:
		return "--time 0 ile 10m (10 dakika) arasında olmalı"
	case f.iterations < 0 || f.iterations > nest.MaxIterations:
		return "--iterations 0 ile 100.000.000 arasında olmalı"
	case f.engineWorkers < 0 || f.engineWorkers > nest.MaxWorkers:
		return "--engine-workers 0 ile 64 arasında olmalı"
	case f.workers < 0:
		return "--workers 0 (tüm çekirdekler) ya da pozitif bir sayı olmalı"
	case f.firstCut != "" && f.firstCut != nest.FirstCutLong && f.firstCut != nest.FirstCutShort:
		return "--first-cut long ya da short olmalı"
	case f.stages < 0 || f.stages == 1 || f.stages > nest.MaxStages:
		return "--stages 0 (sınırsız) ya da 2 ile 9 arasında olmalı"
	case (f.firstCut != "" || f.stages != 0) && !f.guillotine:
		return "--first-cut ve --stages yalnız --guillotine ile verilir"
	}
	switch {
	case f.zeroWaste != 0:
		if len(args) != 0 || f.perfect != 0 || f.perfectSheets != 0 || f.zeroWaste < 1 || f.zeroWaste > bench.MaxZeroWaste {
			return "--zero-waste 1 ile 10.000 arasında olmalı; dosya, --perfect ya da --perfect-sheets verilmemeli"
		}
	case f.perfect != 0:
		if len(args) != 0 || f.perfectSheets != 0 || f.perfect < 1 || f.perfect > bench.MaxPerfect {
			return "--perfect 1 ile 10.000 arasında olmalı; dosya ya da --perfect-sheets verilmemeli"
		}
	case f.perfectSheets != 0:
		if len(args) != 0 || f.perfectSheets < 1 || f.perfectSheets > bench.MaxPerfect {
			return "--perfect-sheets 1 ile 10.000 arasında olmalı ve dosya verilmemeli"
		}
	case len(args) != 1:
		return "tek bir örnek dosyası ya da klasörü verin (ör. ../shared/bench/2bp/bwmv_500.json, ../shared/bench/vsbpp/)"
	case f.every < 1 || f.every > 1_000_000:
		return "--every 1 ile 1.000.000 arasında olmalı"
	}
	return ""
}

// config is what every instance is laid out with.
func (f *benchFlags) config() bench.Config {
	return bench.Config{
		Options: nest.Options{
			TimeLimitMs: int(f.limit.Milliseconds()), Seed: f.seed, Iterations: f.iterations, Guillotine: f.guillotine,
			Workers: f.engineWorkers, FirstCut: f.firstCut, Stages: f.stages,
		},
		Oriented: f.oriented, Workers: f.workers,
	}
}

// runBench implements `kesim bench`: it lays out the instances of one
// source, generated (--zero-waste, --perfect, --perfect-sheets) or read from a file or
// folder of the 2BP or the VSBPP sets, and reports how well.
func runBench(args []string, stdout, stderr io.Writer) int {
	var f benchFlags
	fs := cmdBench.flagSet()
	f.register(fs)
	if code, ok := cmdBench.parse(fs, args, stdout, stderr); !ok {
		return code
	}
	if msg := f.check(fs.Args()); msg != "" {
		fmt.Fprintln(stderr, "kesim bench: "+msg)
		return 2
	}
	switch {
	case f.zeroWaste != 0:
		// The zero-waste family runs through the stock rows as a VSBPP
		// set and reports the gap to the known optimum; --match selects
		// among them (--class and --every are the sets').
		ins := bench.FilterVS(bench.ZeroWaste(f.zeroWaste, uint64(f.seed)), 0, f.match, 1)
		return runSelectedVS(ins, &f, bench.ReportZeroWaste, stdout, stderr)
	case f.perfect != 0 || f.perfectSheets != 0:
		// --class 1 keeps the guillotine-cut instances, 2 those cut around
		// pinwheels (it had been ignored).
		ins := bench.Perfect(f.perfect, uint64(f.seed))
		if f.perfectSheets != 0 {
			ins = bench.PerfectSheets(f.perfectSheets, uint64(f.seed))
		}
		if f.class != 0 {
			ins = bench.Class(ins, f.class)
		}
		if ins = bench.Match(ins, f.match); len(ins) == 0 {
			fmt.Fprintln(stderr, "kesim bench: seçimde örnek kalmadı")
			return 2
		}
		return profiled(f.cpuProfile, stderr, func() int {
			return runPerfectBench(ins, f.config(), f.csv, stdout, stderr)
		})
	}
	path, vs, err := bench.Source(fs.Arg(0))
	if err != nil {
		fmt.Fprintf(stderr, "kesim bench: %s\n", loadProblem(fs.Arg(0), err))
		return 2
	}
	if vs {
		return runVSBench(path, &f, stdout, stderr)
	}
	return run2BPBench(path, &f, stdout, stderr)
}

// run2BPBench runs the 2BP instances of the file at path (those of
// --class), reported against their best known results: exit 0, 1 when the
// profile, the CSV or the report could not be written, 2 when the
// instances or the best known results cannot be read.
func run2BPBench(path string, f *benchFlags, stdout, stderr io.Writer) int {
	ins, err := bench.Load(path)
	if err != nil {
		fmt.Fprintf(stderr, "kesim bench: %s\n", loadProblem(path, err))
		return 2
	}
	if f.class != 0 {
		ins = bench.Class(ins, f.class)
	}
	if ins = bench.Match(ins, f.match); len(ins) == 0 {
		fmt.Fprintln(stderr, "kesim bench: seçimde örnek kalmadı")
		return 2
	}
	bk, err := bench.BestKnown(path, f.oriented, f.guillotine)
	if err != nil {
		fmt.Fprintf(stderr, "kesim bench: %v\n", err)
		return 2
	}
	return profiled(f.cpuProfile, stderr, func() int { return runAndReport(ins, f.config(), bk, f.csv, stdout, stderr) })
}

// loadProblem says in Turkish why the instances at path could not be
// read: the file is missing, or its JSON is not the benchmark's (kesim
// bench parts.csv said "invalid character 'A' looking for beginning of
// value").
func loadProblem(path string, err error) string {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	why := ""
	switch {
	case errors.As(err, &se):
		why = fmt.Sprintf("%d. baytta JSON yazım hatası", se.Offset)
	case errors.As(err, &te) && te.Field != "":
		why = fmt.Sprintf("%s alanında beklenmeyen bir değer (%d. bayt)", te.Field, te.Offset)
	case errors.As(err, &te):
		why = fmt.Sprintf("%d. baytta beklenmeyen bir JSON değeri", te.Offset)
	case errors.Is(err, io.ErrUnexpectedEOF):
		why = "JSON yarıda bitiyor"
	case errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission):
		return path + " " + readProblem(err)
	default:
		return err.Error()
	}
	// A file of a folder of VSBPP sets names itself in err.
	file := path
	var pe *fs.PathError
	if name, _, ok := strings.Cut(err.Error(), ": "); ok && name != path && !errors.As(err, &pe) {
		file = name
	}
	return fmt.Sprintf("%s okunamadı: %s; örnekler bwmv_500.json ya da ../shared/bench/vsbpp/ kümeleri gibi bir JSON dizisi olmalı", file, why)
}

// runAndReport lays out the 2BP-style instances ins and reports them
// against bk, their best known sheet counts (and writes a CSV row each
// when csvPath is set): exit 0, or 1 when the CSV or the report could not
// be written.
func runAndReport(ins []bench.Instance, cfg bench.Config, bk map[string]int, csvPath string, stdout, stderr io.Writer) int {
	csvOut, ok := createCSV(csvPath, stderr)
	if !ok {
		return 1
	}
	start := time.Now()
	outs := bench.Run(context.Background(), ins, cfg)
	if csvOut != nil {
		if err := writeOutcomes(csvOut, outs, bk); err != nil {
			fmt.Fprintf(stderr, "kesim bench: --csv %s yazılamadı: %s\n", csvOut.Name(), writeProblem(err, csvOut.Name()))
			return 1
		}
	}
	if err := bench.Report(stdout, outs, bk, time.Since(start)); err != nil {
		fmt.Fprintf(stderr, "kesim bench: %v\n", err)
		return 1
	}
	return 0
}

// runPerfectBench lays out a perfect-packing family: each instance's parts
// tile one sheet (--perfect) or two to four (--perfect-sheets), so the
// report's best known is that many sheets and its "optimal" column counts
// the instances laid out on them, per class (1 guillotine-cut, 2
// pinwheels).
func runPerfectBench(ins []bench.Instance, cfg bench.Config, csvPath string, stdout, stderr io.Writer) int {
	// The parts tile whole sheets: their area counts the sheets.
	sheets := make(map[string]int, len(ins))
	for _, in := range ins {
		area := 0
		for _, it := range in.Items {
			area += it[0] * it[1]
		}
		sheets[in.ID] = int(float64(area) / (in.BinW * in.BinH))
	}
	return runAndReport(ins, cfg, sheets, csvPath, stdout, stderr)
}

// createCSV creates the --csv file at path, if one is asked for, before
// the run: a folder that is not there used to cost the whole run, and its
// rows. It reports false, having said why, when it cannot.
func createCSV(path string, stderr io.Writer) (*os.File, bool) {
	if path == "" {
		return nil, true
	}
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintf(stderr, "kesim bench: --csv %s oluşturulamadı: %s\n", path, writeProblem(err, path))
		return nil, false
	}
	return f, true
}

// writeOutcomes writes one row per instance to f and closes it: id, class,
// n, sheets, lower bound, best known and milliseconds.
func writeOutcomes(f *os.File, outs []bench.Outcome, bk map[string]int) error {
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
// profiled returns run's exit code, run under a CPU profile written to
// path when path is set, or 1 when the profile cannot be started.
func profiled(path string, stderr io.Writer, run func() int) int {
	if path == "" {
		return run()
	}
	stop, err := startProfile(path)
	if err != nil {
		fmt.Fprintf(stderr, "kesim bench: %v\n", err)
		return 1
	}
	defer stop()
	return run()
}

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

// runVSBench runs the VSBPP sets at path (a set file or a folder of them),
// those --class, --match and --every select: exit 0, or 1 when a result
// failed verification, an instance could not be run, an engine cost bound
// exceeds a best known or the CSV could not be written; 2 when the
// instances cannot be read or none is selected.
func runVSBench(path string, f *benchFlags, stdout, stderr io.Writer) int {
	ins, err := bench.LoadVS(path)
	if err != nil {
		fmt.Fprintf(stderr, "kesim bench: %s\n", loadProblem(path, err))
		return 2
	}
	return runSelectedVS(bench.FilterVS(ins, f.class, f.match, f.every), f, bench.ReportVS, stdout, stderr)
}

// runSelectedVS runs the stock instances the options selected, as
// runAndReportVS, under --cpuprofile; none selected exits 2.
func runSelectedVS(ins []bench.VSInstance, f *benchFlags,
	report func(io.Writer, []bench.VSOutcome, time.Duration) bench.VSSummary, stdout, stderr io.Writer) int {
	if len(ins) == 0 {
		fmt.Fprintln(stderr, "kesim bench: seçimde örnek kalmadı")
		return 2
	}
	return profiled(f.cpuProfile, stderr, func() int {
		return runAndReportVS(ins, f.config(), f.csv, report, stdout, stderr)
	})
}

// runAndReportVS lays out the stock instances ins, verifies them and
// reports them with report (and writes a CSV row each when csvPath is
// set): exit 0, or 1 when a result failed verification, an instance could
// not be run, an engine cost bound exceeds a best known or the CSV could
// not be written.
func runAndReportVS(ins []bench.VSInstance, cfg bench.Config, csvPath string,
	report func(io.Writer, []bench.VSOutcome, time.Duration) bench.VSSummary, stdout, stderr io.Writer) int {
	csvOut, ok := createCSV(csvPath, stderr)
	if !ok {
		return 1
	}
	start := time.Now()
	outs := bench.RunVS(context.Background(), ins, cfg)
	code := 0
	if csvOut != nil {
		if err := writeVSOutcomes(csvOut, outs); err != nil {
			fmt.Fprintf(stderr, "kesim bench: --csv %s yazılamadı: %s\n", csvOut.Name(), writeProblem(err, csvOut.Name()))
			code = 1
		}
	}
	if sum := report(stdout, outs, time.Since(start)); sum.Failed+sum.Unfit+sum.WrongBound > 0 {
		fmt.Fprintf(stderr, "kesim bench: %d doğrulama hatası, %d çalıştırılmayan örnek, %d yanlış alt sınır\n",
			sum.Failed, sum.Unfit, sum.WrongBound)
		code = 1
	}
	return code
}

// writeVSOutcomes writes one row per VSBPP instance: id, set, group, pages,
// cost, best known, the set's lower bound, the engine's cost bound,
// utilisation (%), at best known, proven optimal, milliseconds and the
// error (empty when verified). It closes f.
func writeVSOutcomes(f *os.File, outs []bench.VSOutcome) error {
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
