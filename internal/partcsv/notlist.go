package partcsv

import (
	"archive/zip"
	"bytes"
	"errors"
	"io"
	"regexp"
	"strings"
	"unicode/utf16"
)

// A file given as a list that is no list (a PDF, a DXF drawing, a photo,
// a Word document, any binary file) is refused whole by one message naming
// what it looks like and what to give instead, known by its first bytes
// (a zip by its entries' names), before it is read as text: read as text
// it gave "satır 1: başlık satırında …" or twenty missing values. The web
// app's file imports (web/src/lib/csv.ts, readListFile) say it word for
// word (testdata/parity.json and stockparity.json, files). What a reader
// took before is still taken: UTF-8, UTF-16 with a byte order mark and
// Windows-1254 text, and Excel workbooks (a zip with an xl/ folder; a
// zip that cannot be read, or an OLE2 file that is no Word document or
// PowerPoint presentation, is left to the workbook reader, which says why
// it is not read).

// sniffBytes is how much of a file's start tells whether it is text.
const sniffBytes = 1024

// listKind names a list in the messages refusing a file: "dosyada parça
// yok", "Bu dosya bir PDF belgesi, parça listesi değil; parçaları …".
type listKind struct {
	empty string // the message of a file of no rows
	list  string // parça listesi
	items string // what to give instead: parçaları
}

var (
	partsKind = listKind{empty: "dosyada parça yok", list: "parça listesi", items: "parçaları"}
	stockKind = listKind{empty: "dosyada stok satırı yok", list: "levha listesi", items: "levhaları"}
	bandsKind = listKind{empty: "dosyada bant kodu yok", list: "bant listesi", items: "bant kodlarını"}
)

// msgNotAList refuses a file that is what (bir PDF belgesi) as the list
// k: Bu dosya bir PDF belgesi, parça listesi değil; parçaları CSV, metin
// ya da Excel (.xlsx) dosyası olarak verin.
func msgNotAList(what string, k *listKind) string {
	return "Bu dosya " + what + ", " + k.list + " değil; " + k.items + " CSV, metin ya da Excel (.xlsx) dosyası olarak verin."
}

// msgODS refuses an OpenDocument spreadsheet, which may well be a list,
// in whatever list it is given.
const msgODS = "OpenDocument hesap tablosu (.ods) okunamıyor: LibreOffice'te Excel (.xlsx) ya da CSV olarak kaydedin."

// What a file that is no list looks like, as the messages name it.
const (
	whatPDF    = "bir PDF belgesi"
	whatDXF    = "bir DXF çizimi"
	whatDWG    = "bir DWG çizimi"
	whatPNG    = "bir PNG resmi"
	whatJPEG   = "bir JPEG resmi"
	whatGIF    = "bir GIF resmi"
	whatRTF    = "bir RTF belgesi"
	whatHTML   = "bir web sayfası (HTML)"
	whatDOCX   = "bir Word belgesi (.docx)"
	whatDOC    = "bir Word belgesi (.doc)"
	whatPPTX   = "bir PowerPoint sunusu (.pptx)"
	whatPPT    = "bir PowerPoint sunusu (.ppt)"
	whatMSG    = "bir Outlook iletisi (.msg)"
	whatODT    = "bir OpenDocument metin belgesi (.odt)"
	whatODP    = "bir OpenDocument sunusu (.odp)"
	whatZip    = "bir zip arşivi"
	whatBinary = "metin olmayan (ikili) bir dosya"
)

// notAList is the message refusing data as the list k, or "" for a file
// that may be one: text, or a workbook.
func notAList(data []byte, k *listKind) string {
	if bytes.HasPrefix(data, ole2Magic) {
		if what := ole2Kind(data); what != "" {
			return msgNotAList(what, k)
		}
		return "" // an old or password-protected workbook (msgXLSXOld)
	}
	if bytes.HasPrefix(data, zipMagic) {
		switch what := zipKind(data); what {
		case "":
			return ""
		case "ods":
			return msgODS
		default:
			return msgNotAList(what, k)
		}
	}
	if what := fileKind(data[:min(len(data), sniffBytes)]); what != "" {
		return msgNotAList(what, k)
	}
	return ""
}

var (
	dwgMagic  = regexp.MustCompile(`^AC1\d{3}`)
	htmlMagic = regexp.MustCompile(`(?i)^[ \t\r\n]*<(!doctype[ \t\r\n]+html|html)[ \t\r\n>]`)
)

// fileKind is what the start of a file (not a zip) looks like when it is
// no text list, else "".
func fileKind(head []byte) string {
	switch {
	case bytes.HasPrefix(head, []byte("%PDF-")):
		return whatPDF
	case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")):
		return whatPNG
	case bytes.HasPrefix(head, []byte("\xff\xd8\xff")):
		return whatJPEG
	case bytes.HasPrefix(head, []byte("GIF87a")), bytes.HasPrefix(head, []byte("GIF89a")):
		return whatGIF
	case bytes.HasPrefix(head, []byte("AutoCAD Binary DXF")):
		return whatDXF
	case bytes.HasPrefix(head, []byte(`{\rtf`)):
		return whatRTF
	}
	text := bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	switch {
	case isDXF(text):
		return whatDXF
	case htmlMagic.Match(text):
		return whatHTML
	case binary(head):
		if dwgMagic.Match(head) {
			return whatDWG
		}
		return whatBinary
	}
	return ""
}

// isDXF reports whether text starts as an ASCII DXF drawing: a line 0
// and a line SECTION (each maybe indented, as AutoCAD writes "  0"),
// after a 999 comment if any.
func isDXF(text []byte) bool {
	lines := strings.Split(string(text), "\n")
	for i := range lines {
		lines[i] = strings.Trim(lines[i], " \t\r")
	}
	i := 0
	if len(lines) > 0 && lines[0] == "999" {
		i = 2
	}
	return len(lines) > i+1 && lines[i] == "0" && lines[i+1] == "SECTION"
}

// binary reports whether the start of a file holds a control character
// no text list has: any below a space but tab, line feed, vertical tab,
// form feed, carriage return and ^Z (which old DOS files end with); NUL
// is one. A file of UTF-16 with a byte order mark (Excel's "Unicode
// text") is looked at by its 16-bit units; Windows-1254 and UTF-8 text
// have none.
func binary(head []byte) bool {
	control := func(c int) bool {
		return c < 0x20 && c != '\t' && c != '\n' && c != '\v' && c != '\f' && c != '\r' && c != 0x1a
	}
	if le, be := bytes.HasPrefix(head, []byte("\xff\xfe")), bytes.HasPrefix(head, []byte("\xfe\xff")); le || be {
		for i := 2; i+1 < len(head); i += 2 {
			u := int(head[i]) | int(head[i+1])<<8
			if be {
				u = int(head[i])<<8 | int(head[i+1])
			}
			if control(u) {
				return true
			}
		}
		return false
	}
	for _, c := range head {
		if control(int(c)) {
			return true
		}
	}
	return false
}

// zipKind is what a zip that is no workbook looks like (whatDOCX, ...;
// "ods" for an OpenDocument spreadsheet), or "" for a workbook, one with
// an xl/ folder, and for a zip whose entries cannot be read (the workbook
// reader refuses it as broken).
func zipKind(data []byte) string {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil && !(errors.Is(err, zip.ErrInsecurePath) && zr != nil) {
		return ""
	}
	for _, f := range zr.File {
		if strings.HasPrefix(f.Name, "xl/") {
			return ""
		}
	}
	for _, f := range zr.File {
		switch {
		case strings.HasPrefix(f.Name, "word/"):
			return whatDOCX
		case strings.HasPrefix(f.Name, "ppt/"):
			return whatPPTX
		case f.Name == "mimetype" && f.UncompressedSize64 <= 100:
			switch zipText(f) {
			case "application/vnd.oasis.opendocument.text":
				return whatODT
			case "application/vnd.oasis.opendocument.spreadsheet":
				return "ods"
			case "application/vnd.oasis.opendocument.presentation":
				return whatODP
			}
		}
	}
	return whatZip
}

// zipText is the text of a small entry of a zip, "" when it is not read.
func zipText(f *zip.File) string {
	rc, err := f.Open()
	if err != nil {
		return ""
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, 101))
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(b))
}

// ole2Kind is what an OLE2 file (a compound file, as Office 97-2003
// saves a document) that is no workbook holds, known by the streams at
// the top of its directory: whatDOC for a Word document's
// "WordDocument", whatPPT for a PowerPoint presentation's "PowerPoint
// Document", whatMSG for an Outlook message's "__properties_version1.0"
// (a list e-mailed and dragged out of Outlook: its workbook is an
// attachment inside). It is "" for an Excel workbook's "Workbook" (or Excel 5's
// "Book"), for a password-protected .xlsx ("EncryptedPackage"), for any
// other and for a directory that cannot be read: those are left to the
// workbook reader (msgXLSXOld), as all OLE2 files were.
func ole2Kind(data []byte) string {
	names := cfbRootStreams(data)
	switch {
	case names["Workbook"], names["Book"]:
		return ""
	case names["WordDocument"]:
		return whatDOC
	case names["PowerPoint Document"]:
		return whatPPT
	case names["__properties_version1.0"]:
		return whatMSG
	}
	return ""
}

// The special sector numbers of a compound file's allocation table
// ([MS-CFB] 2.1): from maxRegSect up none is a sector of data.
const (
	cfbMaxRegSect = 0xFFFFFFFA
	cfbNoStream   = 0xFFFFFFFF
	cfbDirEntry   = 128 // the bytes of a directory entry
)

// cfbRootStreams is the set of the names of the streams at the top of a
// compound file's directory (the root storage's children, not those of
// an embedded object's storage), as [MS-CFB] lays them out: a 512-byte
// header; sectors of 512 or 4096 bytes after it; the allocation table's
// sectors named by the header (109) and the DIFAT sectors chained from
// it; the directory a chain of sectors through that table, of 128-byte
// entries whose root (entry 0) holds its children in a tree by their
// left and right siblings. It is nil (no name) when the directory cannot
// be read. Every chain is followed at most once per sector, and every
// number checked against the data, so that no file makes it loop or
// read outside data.
func cfbRootStreams(data []byte) map[string]bool {
	if len(data) < 512 || !bytes.HasPrefix(data, ole2Magic) {
		return nil
	}
	u16 := func(b []byte, off int) int { return int(b[off]) | int(b[off+1])<<8 }
	u32 := func(b []byte, off int) int64 { return int64(u16(b, off)) | int64(u16(b, off+2))<<16 }
	shift := u16(data, 0x1E)
	if shift != 9 && shift != 12 {
		return nil
	}
	size := int64(1) << shift
	sectors := (int64(len(data)) + size - 1) / size // the header's sector counts as sector -1
	// sector is sector n of data (the last may be cut short), nil for none.
	sector := func(n int64) []byte {
		if n < 0 || n+1 >= sectors {
			return nil
		}
		return data[(n+1)*size : min((n+2)*size, int64(len(data)))]
	}
	perSector := size / 4
	// The allocation table's sectors: 109 in the header, the rest in the
	// DIFAT chain, each of its sectors ending in the next one's number.
	nFAT := u32(data, 0x2C)
	var fat []int64
	for i := int64(0); i < 109 && int64(len(fat)) < nFAT; i++ {
		fat = append(fat, u32(data, 0x4C+int(i)*4))
	}
	seen := map[int64]bool{}
	for d := u32(data, 0x44); d < cfbMaxRegSect && int64(len(fat)) < nFAT && !seen[d]; {
		seen[d] = true
		s := sector(d)
		if int64(len(s)) < size {
			break
		}
		for i := int64(0); i < perSector-1 && int64(len(fat)) < nFAT; i++ {
			fat = append(fat, u32(s, int(i)*4))
		}
		d = u32(s, int(size)-4)
	}
	// next is the sector after n in its chain, or cfbNoStream when the
	// table does not say.
	next := func(n int64) int64 {
		if n/perSector >= int64(len(fat)) {
			return cfbNoStream
		}
		s := sector(fat[n/perSector])
		if off := (n % perSector) * 4; off+4 <= int64(len(s)) {
			return u32(s, int(off))
		}
		return cfbNoStream
	}
	var dir []byte
	clear(seen)
	for n := u32(data, 0x30); n < cfbMaxRegSect && !seen[n]; n = next(n) {
		seen[n] = true
		s := sector(n)
		if s == nil {
			break
		}
		dir = append(dir, s[:len(s)/cfbDirEntry*cfbDirEntry]...)
	}
	entries := int64(len(dir) / cfbDirEntry)
	if entries == 0 || dir[0x42] != 5 { // the root storage
		return nil
	}
	names := map[string]bool{}
	clear(seen)
	for todo := []int64{u32(dir, 0x4C)}; len(todo) > 0; {
		id := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if id >= entries || seen[id] {
			continue
		}
		seen[id] = true
		e := dir[id*cfbDirEntry : (id+1)*cfbDirEntry]
		todo = append(todo, u32(e, 0x44), u32(e, 0x48))
		if n := u16(e, 0x40); e[0x42] == 2 && n >= 2 && n <= 64 && n%2 == 0 {
			units := make([]uint16, (n-2)/2)
			for i := range units {
				units[i] = uint16(u16(e, 2*i))
			}
			names[string(utf16.Decode(units))] = true
		}
	}
	return names
}
