package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"

	"kesim/internal/store/sqlite"
)

// input is a file kesim nest reads: the part list (flag "") or the file
// of --stock or --bands.
type input struct {
	flag, path string
	info       fs.FileInfo // nil when it cannot be read
}

// inputs are the files kesim nest reads, arg being its INPUT; standard
// input (-) is none.
func (f *nestFlags) inputs(arg string) []input {
	var ins []input
	for _, in := range []input{{"", arg, nil}, {"stock", f.stock, nil}, {"bands", f.bands, nil}} {
		if in.path == "" || in.path == "-" || in.flag != "" && !f.set[in.flag] {
			continue
		}
		in.info, _ = os.Stat(in.path)
		ins = append(ins, in)
	}
	return ins
}

func (in input) String() string {
	if in.flag == "" {
		return "girdi " + in.path
	}
	return "--" + in.flag + " " + in.path
}

// plannedOutputs are the files the flags name before the layout: all but
// the DXF files of several materials, which the layout names. Of the
// --dxf-per-sheet files, FILE-1.dxf, FILE-2.dxf, ..., those named as an
// input is are listed.
func (f *nestFlags) plannedOutputs(inputs []input) []output {
	var outs []output
	for _, o := range []struct{ flag, path string }{
		{"json", f.jsonOut}, {"pdf", f.pdfOut}, {"labels", f.labelsOut}, {"xlsx", f.xlsxOut},
		{"csv", f.csvOut}, {"quote", f.quoteOut},
	} {
		if o.path != "" {
			outs = append(outs, outputOf(o.flag, o.path, o.path, nil))
		}
	}
	if f.csvOut != "" && f.csvOut != "-" {
		outs = append(outs, outputOf("csv", f.csvOut, sheetsCSV(f.csvOut), nil))
	}
	switch {
	case f.dxfOut == "":
	case !f.dxfPerSheet:
		outs = append(outs, outputOf("dxf", f.dxfOut, f.dxfOut, nil))
	default:
		for _, in := range inputs {
			if n, ok := sheetNumber(f.dxfOut, in.path); ok {
				outs = append(outs, outputOf("dxf", f.dxfOut, sheetDXF(f.dxfOut, n), nil))
			}
		}
	}
	return outs
}

// sheetNumber reads n from a file name as sheetDXF(dxfPath, n) names it.
func sheetNumber(dxfPath, path string) (int, bool) {
	name := filepath.Base(path)
	ext := filepath.Ext(name)
	prefix := filepath.Base(strings.TrimSuffix(dxfPath, filepath.Ext(dxfPath))) + "-"
	digits, ok := strings.CutPrefix(strings.TrimSuffix(name, ext), prefix)
	if !ok || !strings.EqualFold(ext, ".dxf") || digits == "" || strings.Trim(digits, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.Atoi(digits)
	return n, err == nil && n > 0
}

// checkOutputs refuses outputs that would replace an input, outputs that
// name one file twice (the later would replace the earlier), and more
// than one output to standard output, whose data would run together. A
// file is the same when os.SameFile says so (a link, another spelling of
// its path) or, when one is not there yet, by its absolute path.
func checkOutputs(outs []output, inputs []input) error {
	var stdout *output
	seen := map[string]*output{}
	dirs := map[string]string{}
	for i := range outs {
		o := &outs[i]
		if o.path == "-" {
			if stdout != nil {
				return fmt.Errorf("%s ve %s: ikisi birden standart çıktıya yazılamaz; birine bir dosya adı verin", stdout, o)
			}
			stdout = o
			continue
		}
		info, _ := os.Stat(o.path)
		key := pathKey(o.path, dirs)
		for _, in := range inputs {
			if info != nil && in.info != nil && os.SameFile(info, in.info) || key == pathKey(in.path, dirs) {
				return fmt.Errorf("%s, %s ile aynı dosya: çıktı okunan dosyanın yerine yazılmaz; başka bir ad verin", o, in)
			}
		}
		if other, ok := seen[key]; ok {
			return fmt.Errorf("%s ve %s aynı dosya: her çıktıya ayrı bir ad verin", other, o)
		}
		seen[key] = o
	}
	return nil
}

func (o *output) String() string {
	if o.path == o.given {
		return "--" + o.flag + " " + o.given
	}
	return "--" + o.flag + " " + o.given + " (" + o.path + ")"
}

// pathKey is the absolute path of the file at path, its links resolved
// (for a file not there yet, its folder's, cached in dirs); folded to
// lower case where file names are (Windows, macOS).
func pathKey(path string, dirs map[string]string) string {
	p, err := filepath.EvalSymlinks(path)
	if err != nil {
		dir := filepath.Dir(path)
		resolved, ok := dirs[dir]
		if !ok {
			if resolved, err = filepath.EvalSymlinks(dir); err != nil {
				resolved = dir
			}
			dirs[dir] = resolved
		}
		p = filepath.Join(resolved, filepath.Base(path))
	}
	if abs, err := filepath.Abs(p); err == nil {
		p = abs
	}
	if runtime.GOOS == "windows" || runtime.GOOS == "darwin" {
		p = strings.ToLower(p)
	}
	return p
}

// errIsDir refuses an output named as a folder.
var errIsDir = errors.New("bir klasör")

// writeOutputs writes every output or none. Each file's data goes to a
// temporary file beside it, synced; only when all are written are they
// renamed into place, standard output's ("-") written just before. On a
// failure the temporary files are removed and no earlier file has been
// replaced; the error names the user's file, not the temporary one.
func writeOutputs(outs []output, stdout io.Writer) error {
	type pending struct{ tmp, path string }
	var temps []pending
	renamed := 0
	defer func() {
		for _, p := range temps[renamed:] {
			os.Remove(p.tmp)
		}
	}()
	for _, o := range outs {
		if o.path == "-" {
			continue
		}
		tmp, err := writeTemp(o.path, o.data)
		if err != nil {
			return fmt.Errorf("%s yazılamadı: %s", o.path, writeProblem(err, o.path))
		}
		temps = append(temps, pending{tmp, o.path})
	}
	for _, o := range outs {
		if o.path == "-" {
			if _, err := stdout.Write(o.data); err != nil {
				return fmt.Errorf("standart çıktıya yazılamadı: %s", writeProblem(err, "-"))
			}
		}
	}
	for _, p := range temps {
		if err := os.Rename(p.tmp, p.path); err != nil {
			return fmt.Errorf("%s yazılamadı: %s", p.path, writeProblem(err, p.path))
		}
		renamed++
	}
	return nil
}

// writeTemp writes data to a new temporary file beside path, synced, and
// returns its name.
func writeTemp(path string, data []byte) (string, error) {
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		return "", errIsDir
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return "", err
	}
	_, err = tmp.Write(data)
	err = errors.Join(err, tmp.Chmod(0o644), tmp.Sync(), tmp.Close())
	if err != nil {
		os.Remove(tmp.Name())
		return "", err
	}
	return tmp.Name(), nil
}

// writeProblem says in Turkish why the file at path could not be written
// or created, without the temporary file's name that err may hold.
func writeProblem(err error, path string) string {
	switch {
	case errors.Is(err, errIsDir), errors.Is(err, syscall.EISDIR):
		return "bir klasör; bir dosya adı verin"
	case errors.Is(err, fs.ErrNotExist):
		return "klasör yok (" + filepath.Dir(path) + ")"
	case errors.Is(err, syscall.ENOTDIR):
		return "yolundaki bir ad klasör değil, dosya (" + filepath.Dir(path) + ")"
	case errors.Is(err, fs.ErrPermission):
		return "izin yok (" + filepath.Dir(path) + " klasörüne yazılamıyor)"
	case errors.Is(err, syscall.ENOSPC):
		return "disk dolu"
	case errors.Is(err, syscall.EFBIG):
		// Past the shell's ulimit -f: the file, not the disk or the
		// database, is what cannot grow.
		return sqlite.MsgFileTooLarge
	case errors.Is(err, syscall.EIO):
		return "yazılırken disk hatası oldu"
	case errors.Is(err, syscall.EROFS):
		return "salt okunur bir diskte"
	case errors.Is(err, syscall.EPIPE):
		return "okuyan program kapandı"
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err.Error()
	}
	return err.Error()
}

// readProblem says in Turkish why a file could not be read.
func readProblem(err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "yok"
	case errors.Is(err, fs.ErrPermission):
		return "okunamıyor: izin yok"
	case errors.Is(err, syscall.EISDIR):
		return "bir klasör; bir dosya verin"
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return "okunamıyor: " + pe.Err.Error()
	}
	return "okunamıyor: " + err.Error()
}

// staleDXF lists the files beside --dxf FILE named FILE-….dxf, as
// --dxf-per-sheet and a layout of several materials name theirs, that
// this run did not write: another job's sheets, which a saw operator could
// take for this one's. They are left alone (they are the user's), only
// named.
func staleDXF(dxfPath string, outs []output) []string {
	if dxfPath == "" || dxfPath == "-" {
		return nil
	}
	dir := filepath.Dir(dxfPath)
	prefix := filepath.Base(strings.TrimSuffix(dxfPath, filepath.Ext(dxfPath))) + "-"
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	written := map[string]bool{}
	for _, o := range outs {
		if filepath.Dir(o.path) == dir {
			written[filepath.Base(o.path)] = true
		}
	}
	var stale []string
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || written[name] || len(name) <= len(prefix)+len(".dxf") ||
			!strings.HasPrefix(name, prefix) || !strings.EqualFold(filepath.Ext(name), ".dxf") {
			continue
		}
		stale = append(stale, filepath.Join(dir, name))
	}
	return stale
}
